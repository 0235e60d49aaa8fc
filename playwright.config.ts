import { availableParallelism } from 'node:os'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath, headlessShellPath } from './scripts/testing/chromium.ts'

// Browser tests against the built site (dist/client). Nothing is built here: `npm run check`
// builds first, and every test of this suite reads that one build (served by `npm run serve`,
// csp.spec.ts by wrangler). One worker per core the machine has (2 on CI). Debian's Chromium and
// its headless shell are used (never a downloaded browser).
// E2E_PORT lets a developer point the tests at a server of their own (reused outside CI).
const PORT = Number(process.env.E2E_PORT ?? 4173)
const baseURL = `http://127.0.0.1:${PORT}`
// The served site's form inbox (and tests/e2e/forms.spec.ts) keep test submissions apart.
process.env.INBOX_DIR ??= '.inbox/e2e'

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: availableParallelism(),
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'off',
  },
  // One desktop project per browser; tests that need a phone open their own context with a
  // 390 px viewport. The headless shell runs every test but speed.spec.ts, which measures what
  // a visitor's browser loads and moves before they scroll: the shell fetches lazy images at
  // once (scripts/testing/chromium.ts).
  projects: [
    {
      name: 'chromium',
      testIgnore: /speed\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'visitor-browser',
      testMatch: /speed\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'npx tsx scripts/serve.ts',
    env: { PORT: String(PORT) },
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
