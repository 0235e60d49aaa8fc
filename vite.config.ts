import { join } from 'node:path'
import { defineConfig } from 'vite'
import { cmsEditor } from './scripts/lib/cms/devEditor.ts'
import { liveContent } from './scripts/lib/dev/liveContent.ts'
import { formInbox } from './scripts/lib/inbox/vitePlugin.ts'
import { sitePlugins } from './scripts/lib/pipeline/sitePlugins.mjs'

export default defineConfig({
  // The build's code child (scripts/lib/pipeline/codeBuildChild.mjs) takes sitePlugins() alone.
  plugins: [...sitePlugins(), formInbox(), liveContent(), cmsEditor()],
  // vite's preview server too: loopback only unless `--host` is given.
  preview: { host: '127.0.0.1' },
  // build.outDir stays vite's dist/: scripts/build.ts gives its staging folder to vike's build
  // (scripts/lib/pipeline/codeBuildChild.mjs) and swaps it into dist/ only when every step passed.
  // `npm run dev` answers this machine only; `npm run dev -- --host` opens it to the network.
  // The watcher skips what the build and the inbox write beside the sources: a build run
  // while `npm run dev` is open (its `.dist-tmp-<pid>` staging, then reports/) or a form sent
  // to the dev inbox is not a source change (vite already skips dist/).
  server: {
    host: '127.0.0.1',
    watch: { ignored: ['**/.dist-tmp-*/**', '**/reports/**', '**/.inbox/**'] },
  },
  // SITE_ROOT serves another project's content/ and public/ (a copy, in the dev tests).
  publicDir: process.env.SITE_ROOT ? join(process.env.SITE_ROOT, 'public') : 'public',
})
