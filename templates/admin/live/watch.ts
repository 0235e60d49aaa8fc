// Watching a save go live, the same in the published editor and in `npm run
// dev`: after a commit, the site's /build.json (the version the live site is built from: the
// build's commit, or in `npm run dev` the time up to which the dev server has read the content)
// is read at most once per POLL_MS, and the git host is asked how that version stands to the
// save's (once per version seen: a commit's place in history does not change). It stops once the
// site holds the save (that version or a later one on the branch), or when stopped (a new save,
// the editor closing the box). What is said of it is liveState.ts's.
import type { SavedVersion } from '../backend/types.ts'
import {
  type BuildInfo,
  holdsSave,
  POLL_MS,
  type SiteHostName,
  type Standing,
} from './liveState.ts'

/** What the watch knows: the standing of the last live version judged, and the site's host. */
export type WatchState = {
  /** How the live version stands to the save's; undefined until one is judged. */
  standing?: Standing
  /** The live version last judged (null: the build named none, as a build outside git). */
  checked?: string | null
  host?: SiteHostName
}

export type WatchDeps = {
  /** The site's /build.json, or undefined when it cannot be read (absent, a network error). */
  readBuild(): Promise<BuildInfo | undefined>
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(timer: unknown): void
}

/** Watches `saved` until the live site holds it; `onChange` gets each new state. Returns stop. */
export function watchSave(
  saved: Pick<SavedVersion, 'version' | 'standing'>,
  deps: WatchDeps,
  onChange: (state: WatchState) => void,
): () => void {
  let stopped = false
  let timer: unknown
  const judged = new Map<string, Standing>()
  let state: WatchState = {}
  const poll = async () => {
    const started = deps.now()
    try {
      const build = await deps.readBuild()
      if (build && !stopped) {
        const live = build.commit
        let standing = state.standing
        if (live) {
          standing = judged.get(live) ?? (await saved.standing(live))
          judged.set(live, standing)
        }
        if (stopped) return
        state = { standing, checked: live, host: build.host ?? null }
        onChange(state)
      }
    } catch {
      // The site or the host did not answer: asked again at the next turn.
    }
    if (stopped || holdsSave(state.standing)) return
    timer = deps.setTimeout(() => void poll(), Math.max(0, started + POLL_MS - deps.now()))
  }
  void poll()
  return () => {
    stopped = true
    deps.clearTimeout(timer)
  }
}

/** The site's /build.json, never from a cache (its `_headers` rule says so too). */
export async function readSiteBuild(origin = location.origin): Promise<BuildInfo | undefined> {
  const response = await fetch(new URL('/build.json', origin), { cache: 'no-store' })
  if (!response.ok) return undefined
  const info = (await response.json()) as Partial<BuildInfo> | null
  if (!info || (typeof info.commit !== 'string' && info.commit !== null)) return undefined
  return info as BuildInfo
}

/** The browser's clock and timers (Playwright's clock replaces them in the tests). */
export const browserDeps: WatchDeps = {
  readBuild: () => readSiteBuild(),
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}
