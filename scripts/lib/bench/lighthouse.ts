// Lighthouse 12.8 (installed, run through its CLI; 13 needs Node 22.19) with the mobile preset (its default) against
// the local server, on Debian's Chromium.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts'

export type LighthouseScores = {
  path: string
  performance: number
  accessibility: number
  'best-practices': number
  seo: number
}
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

const cli = fileURLToPath(new URL('../../../node_modules/lighthouse/cli/index.js', import.meta.url))

export async function runLighthouse(base: string, path: string): Promise<LighthouseScores> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      cli,
      base + path,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 },
  )
  const lhr = JSON.parse(stdout) as {
    categories: Record<string, { score: number | null }>
    runtimeError?: { message: string }
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`)
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100)
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
  }
}
