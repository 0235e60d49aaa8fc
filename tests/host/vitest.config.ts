import { defineConfig } from 'vitest/config'

// Host tests (`npm run test:host`): the built dist/client on Cloudflare's local runtime and
// through Netlify's own parsers. They need `npm run build` first.
export default defineConfig({
  test: {
    include: ['tests/host/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
  },
})
