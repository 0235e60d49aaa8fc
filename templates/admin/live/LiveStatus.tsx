// « Publier » → « En ligne »: after each commit of a save, a box beside Decap's
// notification says whether the live site serves it yet: « En attente de la mise en ligne
// (1 min 20 s) » while the host builds, « En ligne » with a link to the changed page once the
// site's /build.json names the save's version or a later one (watch.ts), « Toujours pas en ligne :
// la mise en ligne a peut-être échoué » past the timeout (a setting), with where to look. The
// counter ticks on screen only: screen readers hear each phase once, from a live region that is
// always on the page (one inserted with its text is often not read), never the seconds.
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { SavedVersion } from '../backend/types.ts'
import {
  DEFAULT_LIVE_TIMEOUT_MINUTES,
  deployLogFr,
  elapsedFr,
  livePhase,
  phaseFr,
} from './liveState.ts'
import { pageUrlOf } from './pageUrl.ts'
import { browserDeps, type WatchDeps, type WatchState, watchSave } from './watch.ts'

/** A save being watched: when it was committed, its page, what the watch knows. */
export type LiveWatch = WatchState & {
  version: string
  savedAt: number
  page: string
  /** The commit on the git host's site, where the host's deploy status and log are linked. */
  commitUrl?: string
}

function createStore() {
  let watch: LiveWatch | undefined
  let stop = () => {}
  const listeners = new Set<() => void>()
  const set = (next: LiveWatch | undefined) => {
    watch = next
    for (const l of listeners) l()
  }
  return {
    get: () => watch,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Watches a new save (the previous one's watch stops: the new commit comes after it). */
    start(
      entryPath: string,
      saved: SavedVersion,
      options: { commitUrl?: (version: string) => string | undefined; deps?: WatchDeps } = {},
    ) {
      stop()
      const deps = options.deps ?? browserDeps
      const page = new URL(pageUrlOf(entryPath, saved.text), location.origin).href
      const base: LiveWatch = {
        version: saved.version,
        savedAt: deps.now(),
        page,
        commitUrl: options.commitUrl?.(saved.version),
      }
      set(base)
      stop = watchSave(saved, deps, (state) => set({ ...base, ...state }))
    },
    dismiss() {
      stop()
      set(undefined)
    },
  }
}

export const liveStore = createStore()
type Store = typeof liveStore

/** The editor's setting (config.json `site_live.timeout_minutes`), in ms. */
export function liveTimeoutMs(config: { site_live?: { timeout_minutes?: number } }): number {
  const minutes = config.site_live?.timeout_minutes
  return (
    (typeof minutes === 'number' && minutes > 0 ? minutes : DEFAULT_LIVE_TIMEOUT_MINUTES) * 60_000
  )
}

/** The time now, again each second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return now
}

export function LiveStatus({ store, timeoutMs }: { store: Store; timeoutMs: number }) {
  const watch = useSyncExternalStore(store.subscribe, store.get)
  const settled = watch?.standing === 'identical' || watch?.standing === 'later'
  const now = useNow(watch !== undefined && !settled)
  const elapsed = watch ? Math.max(0, now - watch.savedAt) : 0
  const phase = watch ? livePhase(watch.standing, elapsed, timeoutMs) : undefined
  const said = phase ? phaseFr(phase) : ''
  return (
    <>
      <p className="cms-live-announce" role="status">
        {said}
      </p>
      {watch && phase ? (
        <aside
          className={`cms-live cms-live-${phase}`}
          aria-label="Mise en ligne"
          data-live-checked={watch.checked ?? ''}
        >
          <p className="cms-live-phase">
            <span>{said}</span>
            {phase === 'waiting' ? (
              <span className="cms-live-elapsed"> ({elapsedFr(elapsed)})</span>
            ) : null}
          </p>
          {phase === 'live' ? (
            <p>
              <a href={watch.page} target="_blank" rel="noopener">
                Voir la page en ligne
              </a>
            </p>
          ) : null}
          {phase === 'late' ? (
            <p>
              {deployLogFr(watch.host)}
              {watch.commitUrl ? (
                <>
                  {' '}
                  <a href={watch.commitUrl} target="_blank" rel="noopener">
                    Voir l'enregistrement et l'état de sa mise en ligne
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          <button type="button" onClick={() => store.dismiss()}>
            Masquer
          </button>
        </aside>
      ) : null}
    </>
  )
}

/**
 * The save's commit on the git host's web site, where Cloudflare Pages and Netlify post the
 * deploy's status with a link to its log: for the hosts' own sites (GitHub, GitLab) and a Gitea
 * instance (its address); none for the dev server or a host whose web address is not known.
 */
export function commitUrlOf(backend: {
  name: string
  repo?: string
  api_root?: string
  base_url?: string
}): ((version: string) => string | undefined) | undefined {
  const { name, repo, api_root, base_url } = backend
  if (!repo) return undefined
  if (name === 'github' && !api_root)
    return (sha) => `https://github.com/${repo}/commit/${encodeURIComponent(sha)}`
  if (name === 'gitlab' && !api_root)
    return (sha) => `https://gitlab.com/${repo}/-/commit/${encodeURIComponent(sha)}`
  if (name === 'gitea' && base_url)
    return (sha) => `${base_url.replace(/\/+$/, '')}/${repo}/commit/${encodeURIComponent(sha)}`
  return undefined
}
