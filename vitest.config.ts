import { defineConfig } from 'vitest/config'

// Unit tests: plain Node, no browser (the browser tests are Playwright's, in tests/e2e).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
})
