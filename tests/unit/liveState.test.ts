// « Publier » → « En ligne »: what the editor says of a save, as a pure
// function of how the live site's version stands to the save's and the time since the commit;
// the watch (how often it reads /build.json, what it asks the host, when it stops) over a fake
// clock; the page a save's link opens; the build's /build.json.
import { describe, expect, it } from 'vitest'
import { buildInfo } from '../../scripts/lib/pipeline/buildInfo.ts'
import { compareTimes } from '../../templates/admin/backend/hosts.ts'
import {
  deployLogFr,
  elapsedFr,
  holdsSave,
  liveMessage,
  livePhase,
  POLL_MS,
  type Standing,
} from '../../templates/admin/live/liveState.ts'
import { pageUrlOf } from '../../templates/admin/live/pageUrl.ts'
import { type WatchState, watchSave } from '../../templates/admin/live/watch.ts'

const TEN_MINUTES = 10 * 60_000

describe('what the editor says after a save', () => {
  it('« En ligne » once the site is built from the save or a later commit', () => {
    expect(liveMessage('identical', 30_000, TEN_MINUTES)).toBe('En ligne')
    expect(liveMessage('later', 30_000, TEN_MINUTES)).toBe('En ligne')
    // Even past the timeout: a slow deploy that arrives is live.
    expect(liveMessage('later', TEN_MINUTES + 1, TEN_MINUTES)).toBe('En ligne')
  })

  it('waits, with the time since the commit, while the site is older, unrelated or unknown', () => {
    expect(liveMessage(undefined, 0, TEN_MINUTES)).toBe('En attente de la mise en ligne (0 s)')
    expect(liveMessage('earlier', 80_000, TEN_MINUTES)).toBe(
      'En attente de la mise en ligne (1 min 20 s)',
    )
    expect(liveMessage('unrelated', 5_999, TEN_MINUTES)).toBe(
      'En attente de la mise en ligne (5 s)',
    )
    expect(holdsSave('earlier')).toBe(false)
    expect(holdsSave('unrelated')).toBe(false)
  })

  it('says the deploy may have failed from the timeout on, the setting deciding when', () => {
    const late = 'Toujours pas en ligne : la mise en ligne a peut-être échoué'
    expect(liveMessage('earlier', TEN_MINUTES - 1, TEN_MINUTES)).toMatch(/^En attente/)
    expect(liveMessage('earlier', TEN_MINUTES, TEN_MINUTES)).toBe(late)
    expect(liveMessage(undefined, 2 * 60_000, 2 * 60_000)).toBe(late)
    expect(livePhase(undefined, 2 * 60_000 - 1, 2 * 60_000)).toBe('waiting')
  })

  it('counts in French: seconds, minutes, hours', () => {
    expect(elapsedFr(-5)).toBe('0 s')
    expect(elapsedFr(45_400)).toBe('45 s')
    expect(elapsedFr(60_000)).toBe('1 min')
    expect(elapsedFr(725_000)).toBe('12 min 5 s')
    expect(elapsedFr(3_780_000)).toBe('1 h 3 min')
  })

  it('names where the deploy log is, by the host /build.json names', () => {
    expect(deployLogFr('cloudflare-pages')).toMatch(/Cloudflare.*Déploiements/)
    expect(deployLogFr('netlify')).toMatch(/Netlify.*Deploys/)
    expect(deployLogFr('dev')).toMatch(/npm run dev/)
    expect(deployLogFr(null)).toMatch(/hébergeur/)
  })
})

/** A clock and timers the test moves by hand; /build.json as the test sets it. */
function fakeSite() {
  let now = 0
  const timers: { at: number; run: () => void }[] = []
  const site = {
    commit: null as string | null,
    reads: [] as number[],
    asked: [] as string[],
    standings: new Map<string, Standing>(),
  }
  const deps = {
    readBuild: async () => {
      site.reads.push(now)
      return { commit: site.commit, builtAt: new Date(now).toISOString(), host: null }
    },
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run }
      timers.push(timer)
      return timer
    },
    clearTimeout: (timer: unknown) => {
      const i = timers.indexOf(timer as (typeof timers)[number])
      if (i >= 0) timers.splice(i, 1)
    },
  }
  const saved = {
    version: 'saved',
    standing: async (live: string) => {
      site.asked.push(live)
      return site.standings.get(live) ?? 'unrelated'
    },
  }
  /** Moves the clock by `ms`, running each timer due, and lets the reads answer. */
  const advance = async (ms: number) => {
    const end = now + ms
    for (;;) {
      await new Promise((r) => setTimeout(r, 0))
      timers.sort((a, b) => a.at - b.at)
      const next = timers[0]
      if (!next || next.at > end) break
      timers.shift()
      now = next.at
      next.run()
    }
    now = end
    await new Promise((r) => setTimeout(r, 0))
  }
  return { site, deps, saved, advance, pending: () => timers.length }
}

describe('the watch of a save', () => {
  it('reads /build.json at once, then at most once per 5 s, and stops once the site holds the save', async () => {
    const { site, deps, saved, advance, pending } = fakeSite()
    const states: WatchState[] = []
    site.commit = 'older'
    site.standings.set('older', 'earlier')
    site.standings.set('newer', 'later')
    watchSave(saved, deps, (s) => states.push(s))
    await advance(0)
    expect(site.reads).toEqual([0])
    expect(states.at(-1)).toEqual({ standing: 'earlier', checked: 'older', host: null })
    await advance(12_000)
    expect(site.reads).toEqual([0, POLL_MS, 2 * POLL_MS])
    // Each version the site names is asked of the host once: its place in history is fixed.
    expect(site.asked).toEqual(['older'])
    site.commit = 'newer'
    await advance(POLL_MS)
    expect(states.at(-1)).toEqual({ standing: 'later', checked: 'newer', host: null })
    expect(pending()).toBe(0)
    await advance(60_000)
    expect(site.reads).toHaveLength(4)
  })

  it('keeps waiting through a build without a commit and a site that does not answer', async () => {
    const { site, deps, saved, advance } = fakeSite()
    let down = true
    const read = deps.readBuild
    deps.readBuild = async () => {
      if (down) throw new TypeError('Failed to fetch')
      return read()
    }
    const states: WatchState[] = []
    watchSave(saved, deps, (s) => states.push(s))
    await advance(POLL_MS)
    expect(states).toEqual([])
    down = false
    await advance(POLL_MS)
    expect(states.at(-1)).toEqual({ standing: undefined, checked: null, host: null })
    expect(site.asked).toEqual([])
  })

  it('stops reading when stopped (a new save, the box closed)', async () => {
    const { site, deps, saved, advance, pending } = fakeSite()
    const stop = watchSave(saved, deps, () => {})
    await advance(POLL_MS)
    stop()
    expect(pending()).toBe(0)
    await advance(60_000)
    expect(site.reads).toHaveLength(2)
  })
})

describe("the dev server's versions", () => {
  it('are times: the served time later than the write is live', () => {
    expect(compareTimes('1000', '1001')).toBe('later')
    expect(compareTimes('1000', '1000')).toBe('identical')
    expect(compareTimes('1000', '999')).toBe('earlier')
    expect(compareTimes('1000', 'abc')).toBe('unrelated')
  })
})

describe('the page a save changed', () => {
  const routes = `routes:
  - { id: home, template: home, fr: { path: / }, en: { path: /en } }
  - { id: products, template: page, fr: { path: /produits }, en: { path: /en/products } }
  - { id: new-one, template: page, fr: { path: /nouvelle }, en: { path: /en/new-one } }
`
  const text = (file: string) => (file === 'content/routes.yaml' ? routes : undefined)
  it("is a page entry's French address, the home for any other entry", () => {
    expect(pageUrlOf('content/pages/products/products.yaml', text)).toBe('/produits')
    expect(pageUrlOf('content/pages/products.yaml', text)).toBe('/produits')
    expect(pageUrlOf('content/new-pages/new-one.yaml', text)).toBe('/nouvelle')
    expect(pageUrlOf('content/site.yaml', text)).toBe('/')
    expect(pageUrlOf('content/pages/gone.yaml', text)).toBe('/')
    expect(pageUrlOf('content/pages/products.yaml', () => ': not yaml [')).toBe('/')
  })
})

describe('/build.json', () => {
  const sha = 'a'.repeat(40)
  const other = 'b'.repeat(40)
  const now = new Date('2026-11-28T10:00:00Z')
  it("names the host's commit first, then git's, else none", () => {
    expect(buildInfo({ CF_PAGES: '1', CF_PAGES_COMMIT_SHA: sha }, () => other, now)).toEqual({
      commit: sha,
      builtAt: '2026-11-28T10:00:00.000Z',
      host: 'cloudflare-pages',
    })
    expect(buildInfo({ NETLIFY: 'true', COMMIT_REF: sha }, () => other, now)).toMatchObject({
      commit: sha,
      host: 'netlify',
    })
    expect(buildInfo({}, () => `${other}\n`, now)).toMatchObject({ commit: other, host: null })
    expect(buildInfo({}, () => undefined, now).commit).toBeNull()
    expect(buildInfo({ COMMIT_REF: 'HEAD' }, () => 'not a sha', now).commit).toBeNull()
  })

  it('takes its time from SOURCE_DATE_EPOCH when set: two builds of a commit, same bytes', () => {
    expect(buildInfo({ SOURCE_DATE_EPOCH: '1700000000' }, () => sha, now).builtAt).toBe(
      '2023-11-14T22:13:20.000Z',
    )
  })
})
