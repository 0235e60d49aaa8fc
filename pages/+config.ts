// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Every page is pre-rendered to its own .html file (about.html, not about/index.html), so a
  // static host serves /about from the built file.
  prerender: { noExtraDir: true, partial: false },
  // HTML-only: no client router, no page hydration; islands hydrate themselves (+client.ts).
  clientRouting: false,
  passToClient: [],
} satisfies Config
