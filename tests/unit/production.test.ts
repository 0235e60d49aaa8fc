// `npm run build -- --production`: the settings it refuses, one line each, and that the build
// stops before rendering; a local build (no variable set) keeps working.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  buildSettings,
  productionProblems,
  RECAPTCHA_TEST_KEY,
} from '../../scripts/lib/pipeline/buildSettings.ts'

const site = {
  siteUrl: 'https://www.example.com',
  forms: {
    contactEndpoint: '/api/inbox/contact',
    generalEndpoint: '/api/inbox/general',
    recaptchaSiteKey: RECAPTCHA_TEST_KEY,
  },
}
const good = {
  SITE_URL: 'https://www.transfo.tn/',
  FORM_CONTACT_ENDPOINT: 'https://hook.eu1.make.com/abc',
  FORM_GENERAL_ENDPOINT: 'https://hook.eu1.make.com/def',
  RECAPTCHA_SITE_KEY: '6LcAbCdEfGhIjKlMnOpQrStUvWxYz0123456789a',
}
const problems = (env: Record<string, string | undefined>) =>
  productionProblems(buildSettings(site, env))
const names = (lines: string[]) => lines.map((l) => l.split(' ')[0])

describe('build settings', () => {
  it('take each variable over content/site.yaml, ignoring empty ones', () => {
    expect(buildSettings(site, {})).toEqual({
      siteUrl: 'https://www.example.com',
      contactEndpoint: '/api/inbox/contact',
      generalEndpoint: '/api/inbox/general',
      recaptchaSiteKey: RECAPTCHA_TEST_KEY,
    })
    expect(buildSettings(site, { ...good, FORM_GENERAL_ENDPOINT: ' ' })).toEqual({
      siteUrl: 'https://www.transfo.tn',
      contactEndpoint: good.FORM_CONTACT_ENDPOINT,
      generalEndpoint: '/api/inbox/general',
      recaptchaSiteKey: good.RECAPTCHA_SITE_KEY,
    })
  })
})

describe('production check', () => {
  it('accepts real settings', () => {
    expect(problems(good)).toEqual([])
  })

  it('refuses every local default, one line each', () => {
    const lines = problems({})
    expect(names(lines)).toEqual([
      'SITE_URL',
      'FORM_CONTACT_ENDPOINT',
      'FORM_GENERAL_ENDPOINT',
      'RECAPTCHA_SITE_KEY',
    ])
    expect(lines[0]).toMatch(/example\.com, a placeholder domain: set SITE_URL to/)
    expect(lines[1]).toMatch(/\/api\/inbox\/contact, the local inbox/)
    expect(lines[3]).toMatch(/Google's published test key/)
    for (const l of lines) expect(l).not.toContain('\n')
  })

  it.each([
    [{ SITE_URL: 'http://www.transfo.tn' }, 'SITE_URL', /not an https address/],
    [{ SITE_URL: 'https://example.org' }, 'SITE_URL', /placeholder/],
    [{ SITE_URL: 'https://shop.example' }, 'SITE_URL', /placeholder/],
    [{ SITE_URL: 'https://localhost:3000' }, 'SITE_URL', /placeholder|loopback/],
    [{ SITE_URL: 'https://127.0.0.1' }, 'SITE_URL', /loopback/],
    [{ SITE_URL: 'www.transfo.tn' }, 'SITE_URL', /not an absolute address/],
    [{ FORM_CONTACT_ENDPOINT: '/api/inbox/contact' }, 'FORM_CONTACT_ENDPOINT', /local inbox/],
    [
      { FORM_GENERAL_ENDPOINT: '/contact-form' },
      'FORM_GENERAL_ENDPOINT',
      /path on the static host/,
    ],
    [{ FORM_GENERAL_ENDPOINT: 'http://hook.eu1.make.com/x' }, 'FORM_GENERAL_ENDPOINT', /https/],
    [
      { FORM_CONTACT_ENDPOINT: 'https://hooks.example.net/x' },
      'FORM_CONTACT_ENDPOINT',
      /placeholder/,
    ],
    [{ RECAPTCHA_SITE_KEY: RECAPTCHA_TEST_KEY }, 'RECAPTCHA_SITE_KEY', /test key/],
    [{ RECAPTCHA_SITE_KEY: 'my key' }, 'RECAPTCHA_SITE_KEY', /not a reCAPTCHA site key/],
  ])('refuses %o', (override, name, why) => {
    const lines = problems({ ...good, ...override })
    expect(names(lines)).toEqual([name])
    expect(lines[0]).toMatch(why)
  })

  it('refuses a setting missing from both the environment and site.yaml', () => {
    const empty = {
      siteUrl: '',
      forms: { contactEndpoint: '', generalEndpoint: '', recaptchaSiteKey: '' },
    }
    const lines = productionProblems(buildSettings(empty, {}))
    expect(lines).toHaveLength(4)
    for (const l of lines) expect(l).toMatch(/is not set: set /)
  })
})

describe('npm run build -- --production', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const staging = () => readdirSync(root).filter((f) => f.startsWith('.dist-tmp-'))

  it('exits non-zero with one line per refused setting, before rendering anything', () => {
    const before = staging()
    const env = { ...process.env, ...good, FORM_CONTACT_ENDPOINT: '', RECAPTCHA_SITE_KEY: '' }
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/build.ts', '--production'],
      {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      },
    )
    expect(run.status).toBe(1)
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('production: '))
    expect(names(lines.map((l) => l.slice('production: '.length)))).toEqual([
      'FORM_CONTACT_ENDPOINT',
      'RECAPTCHA_SITE_KEY',
    ])
    expect(run.stderr).toContain('nothing was built')
    expect(run.stdout).not.toMatch(/pre-rendered/)
    expect(staging()).toEqual(before)
  }, 60_000)
})
