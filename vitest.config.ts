import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Unit tests: plain Node, no browser (the browser tests are Playwright's, in tests/e2e).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // One file per core: vitest's default in a run is one fewer (a single worker on a 2-core CI
    // machine), and the slowest files mostly wait on what they spawn (builds, servers, Chromium,
    // the HTML checker) or on a server's own timeouts.
    maxWorkers: availableParallelism(),
  },
})
