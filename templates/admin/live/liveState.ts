// What the editor says of a save after its commit, as a pure function of what
// is known: how the version the live site is built from (its /build.json) stands to the save's,
// as the git host answers it, and the time since the commit. The watching (watch.ts) and the
// words on screen (LiveStatus.tsx) come from here.
import type { Standing } from '../backend/types.ts'

export type { Standing }

/** After this long without the save live, the editor says the deploy may have failed. */
export const DEFAULT_LIVE_TIMEOUT_MINUTES = 10

/** At most one request of /build.json in this time. */
export const POLL_MS = 5000

/** Where the site is built, as /build.json says (`host`): where its deploy log is. */
export type SiteHostName = 'cloudflare-pages' | 'netlify' | 'dev' | null

/** The site's /build.json (scripts/lib/pipeline/buildInfo.ts). */
export type BuildInfo = { commit: string | null; builtAt: string; host?: SiteHostName }

export type LivePhase = 'live' | 'waiting' | 'late'

/** The live site holds the save: built from its version, or from a later one on the branch. */
export const holdsSave = (standing: Standing | undefined): boolean =>
  standing === 'identical' || standing === 'later'

/** The phase of a save: live once the site holds it; else waiting, then late past the timeout. */
export function livePhase(
  standing: Standing | undefined,
  elapsedMs: number,
  timeoutMs: number,
): LivePhase {
  if (holdsSave(standing)) return 'live'
  return elapsedMs >= timeoutMs ? 'late' : 'waiting'
}

/** `0 s`, `45 s`, `1 min 20 s`, `12 min 5 s`, `1 h 3 min`: the time since the commit, in French. */
export function elapsedFr(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(seconds / 3600)
  const min = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h) return min ? `${h} h ${min} min` : `${h} h`
  if (min) return s ? `${min} min ${s} s` : `${min} min`
  return `${s} s`
}

/** Where to look when the save is late, by the host /build.json names. */
export function deployLogFr(host: SiteHostName | undefined): string {
  switch (host) {
    case 'cloudflare-pages':
      return 'Regardez le journal de la mise en ligne sur Cloudflare : tableau de bord Cloudflare › Workers et Pages › le projet du site › Déploiements (le dernier déploiement et son journal).'
    case 'netlify':
      return 'Regardez le journal de la mise en ligne sur Netlify : app.netlify.com › le site › Deploys (le dernier déploiement et son journal).'
    case 'dev':
      return 'Regardez le terminal où tourne « npm run dev » : il affiche les problèmes du contenu.'
    default:
      return "Regardez le journal des déploiements chez l'hébergeur du site (Cloudflare Pages ou Netlify), ou demandez au développeur."
  }
}

/** The sentence the editor shows and announces for a phase (the counter is apart: LiveStatus). */
export function phaseFr(phase: LivePhase): string {
  switch (phase) {
    case 'live':
      return 'En ligne'
    case 'waiting':
      return 'En attente de la mise en ligne'
    case 'late':
      return 'Toujours pas en ligne : la mise en ligne a peut-être échoué'
  }
}

/** The whole message as it reads on screen, counter included (tests, the guide's wording). */
export function liveMessage(
  standing: Standing | undefined,
  elapsedMs: number,
  timeoutMs: number,
): string {
  const phase = livePhase(standing, elapsedMs, timeoutMs)
  return phase === 'waiting' ? `${phaseFr(phase)} (${elapsedFr(elapsedMs)})` : phaseFr(phase)
}
