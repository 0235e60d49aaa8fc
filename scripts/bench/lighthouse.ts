// Lighthouse (installed, run through its CLI) with the mobile preset (its default) against the
// local server, on Debian's Chromium. Lighthouse 12.8 is installed (13 needs Node 22.19); only
// the CLI flags and report fields that 12 and 13 share are used.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { CHROMIUM_ARGS, chromiumPath } from '../testing/chromium.ts'
import { median } from './median.ts'

export type LighthouseScores = {
  path: string
  performance: number
  accessibility: number
  'best-practices': number
  seo: number
  /** Largest Contentful Paint (ms, simulated mobile). */
  lcpMs: number
  /** Cumulative Layout Shift. */
  cls: number
  /** Bytes of JavaScript transferred during the load (as Lighthouse saw them). */
  scriptBytes: number
}
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

/**
 * `simulate` (Lighthouse's default, the scores): a model of a slow phone replayed from a fast
 * load. `devtools`: the load itself throttled (network and CPU), so its LCP is what happened.
 */
export type Throttling = 'simulate' | 'devtools'

const cli = fileURLToPath(new URL('../../../node_modules/lighthouse/cli/index.js', import.meta.url))

type Lhr = {
  categories: Record<string, { score: number | null }>
  audits: Record<
    string,
    {
      numericValue?: number
      details?: { items?: { resourceType?: string; transferSize?: number }[] }
    }
  >
  runtimeError?: { message: string }
}

/** Attempts per run: Lighthouse sometimes loses a trace (NO_NAVSTART) and asks to run again. */
const ATTEMPTS = 3

export async function runLighthouse(
  base: string,
  path: string,
  categories: readonly string[] = CATEGORIES,
  throttling: Throttling = 'simulate',
): Promise<LighthouseScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(base, path, categories, throttling)
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error
      const reason = (error as Error).message.split('\n')[0]
      console.error(`  Lighthouse failed on ${path} (${reason}); running it again`)
    }
  }
}

async function runLighthouseOnce(
  base: string,
  path: string,
  categories: readonly string[],
  throttling: Throttling,
): Promise<LighthouseScores> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      cli,
      base + path,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      `--throttling-method=${throttling}`,
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: Error & { stderr?: string }) => {
    // Keep the first line of what Lighthouse said, not its 200 kB report.
    throw new Error(
      `Lighthouse on ${path}: ${(error.stderr ?? error.message).trim().split('\n')[0]}`,
    )
  })
  const lhr = JSON.parse(stdout) as Lhr
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`)
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100)
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(4)),
    scriptBytes: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((a, r) => a + (r.transferSize ?? 0), 0),
  }
}

/** Runs Lighthouse `runs` times on a path and keeps the median of every figure. */
export async function medianLighthouse(
  base: string,
  path: string,
  runs: number,
  categories: readonly string[] = CATEGORIES,
  throttling: Throttling = 'simulate',
): Promise<LighthouseScores & { runs: number[] }> {
  const all: LighthouseScores[] = []
  for (let i = 0; i < runs; i++) all.push(await runLighthouse(base, path, categories, throttling))
  const m = (k: Exclude<keyof LighthouseScores, 'path'>) => median(all.map((s) => s[k]))
  return {
    path,
    performance: m('performance'),
    accessibility: m('accessibility'),
    'best-practices': m('best-practices'),
    seo: m('seo'),
    lcpMs: m('lcpMs'),
    cls: m('cls'),
    scriptBytes: m('scriptBytes'),
    runs: all.map((s) => s.performance),
  }
}
