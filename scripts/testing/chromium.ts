/**
 * Debian's Chromium (package chromium, or $CHROMIUM_PATH): the browser visitors and editors run.
 * What measures their wait runs in it: the benches, Lighthouse, the layout-shift tests.
 */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, or
 * $CHROMIUM_HEADLESS_SHELL_PATH): the same Blink and V8 without the browser around them, what
 * Playwright itself runs headless tests on. A page loads in about half the time here (the e2e
 * suite: 9 min 54 s in Chromium, 5 min in the shell, on 2 cores). One difference matters to a
 * test: the shell fetches lazy images at once, so what a visitor's browser loads before they
 * scroll, and what moves meanwhile, is checked in chromiumPath()'s browser.
 */
export const headlessShellPath = (): string =>
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell'

/** Flags that keep Chromium quiet on a closed network (/work/shared/tooling.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
