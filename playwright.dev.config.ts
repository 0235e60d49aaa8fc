import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, headlessShellPath } from './scripts/testing/chromium.ts'
import { DEV_PORT, DEV_SITE, EDITOR_LOG, REPO } from './tests/dev/site.ts'

// Live-reload tests: `vike dev` serving a copy of content/ and public/ (tests/dev/site.ts),
// which the tests edit while a page is open in Chromium. One server, one copy: one worker.
const baseURL = `http://127.0.0.1:${DEV_PORT}`

export default defineConfig({
  testDir: 'tests/dev',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'off',
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `npx tsx tests/dev/prepareSite.ts && npx vike dev --port ${DEV_PORT}`,
    env: {
      SITE_ROOT: DEV_SITE,
      LAUNCH_EDITOR: join(REPO, 'tests/dev/fakeEditor.sh'),
      EDITOR_LOG,
    },
    // A file of public/: answered as soon as Vite listens (a page would wait for the optimizer).
    url: `${baseURL}/favicon.svg`,
    // Never another server: this one must serve the copy.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
