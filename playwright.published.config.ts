import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, headlessShellPath } from './scripts/testing/chromium.ts'
import { PUBLISHED_PORT } from './tests/published/site.ts'

// The published editor: the site built with the editor pointed at a stand-in of
// GitHub's REST API serving a bare git repository, served by `npm run serve`
// (tests/published/server.ts), and Decap's real GitHub backend driven in Chromium. The tasks
// commit to the one repository in turn: one worker, in order.
const baseURL = `http://127.0.0.1:${PUBLISHED_PORT}`

export default defineConfig({
  testDir: 'tests/published',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: 'off',
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx tests/published/server.ts',
    url: `${baseURL}/favicon.svg`,
    // Never another server: this one must serve the build pointed at this run's stand-in.
    reuseExistingServer: false,
    // A build from cold caches: 20-60 s on two busy cores.
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
