// What the editor's own backend (siteBackend.ts) is given: the repository read
// into a content source, then two pure functions over it that the save path owns: how an entry's
// value is read from its files, and what a save writes (or why it is refused). They are injected,
// so this folder holds the reading and the writing through the git host, not the rules.
import type { ContentSource, memorySource } from '../../core/content/source.ts'
import type { SaveProblem } from '../../core/editing/planSave.ts'

export type { ContentSource }

/**
 * How the version the live site is built from stands to a save's (live/liveState.ts): the same,
 * later on the branch (it holds the save), earlier, or on no line with it (another branch, a
 * force-push, a commit the host does not know).
 */
export type Standing = 'identical' | 'later' | 'earlier' | 'unrelated'

/**
 * A problem of a refused save as the editor shows it: the save plan's problem (in validate's
 * words and in French, at its field of the entry) with the line `npm run validate` prints.
 */
export type RefusedProblem = SaveProblem & {
  /** The problem as `npm run validate` prints it (`file:line:col message`). */
  text: string
}

/**
 * A file sent with the entry (a draft asset of Decap): the path Decap gives it, its bytes, and
 * whether a file of the tree (`public/images/x.jpg`) holds these very bytes (by git blob id).
 */
export type SaveUpload = {
  path: string
  bytes: Uint8Array
  sameBytes?: (path: string) => boolean
}

/** What one save writes, or why nothing is written. */
export type SavePlan =
  | {
      ok: true
      /** Only the files that change, by path from the root: their new text, null to remove one. */
      files: ReadonlyMap<string, string | null>
      /** An upload's path as sent -> the path it is committed at (a clean name); default as sent. */
      uploads?: ReadonlyMap<string, string>
      /** English values of the saved files still « à revoir » after the save. */
      toReview?: number
      /**
       * The files of the snapshot the plan depended on, written or not (the entry's files and
       * their translation records, planEntry's `reads`): the save is made only if each is still
       * as read. A git host's commit on the snapshot's head guards the whole tree; the dev store,
       * which checks files, is sent their ids too.
       */
      reads?: readonly string[]
    }
  | {
      ok: false
      problems: RefusedProblem[]
      /**
       * After a conflict of values (planEntry's `rebase`): the entry's text to merge the next save
       * of the form over, the other person's values taken as seen.
       */
      rebase?: string
    }

/** Where a file the media library uploads on its own lands, and the files saved with it. */
export type MediaPlan =
  | { ok: true; path: string; files: ReadonlyMap<string, string | null> }
  | { ok: false; problems: RefusedProblem[] }

/** The save path's own rules: what rules.ts provides, what the tests replace by plain ones. */
export type SaveRules = Pick<
  SiteBackendDeps,
  'memorySource' | 'readEntry' | 'planSave' | 'planMedia' | 'planDelete' | 'merges'
>

export type SiteBackendDeps = {
  /** templates/core/content/source.ts's memorySource (the repository's tree held in memory). */
  memorySource: typeof memorySource
  /**
   * The text Decap reads for an entry path (a page's `content/pages/<id>.yaml` stands for its two
   * language files), or null when the entry has no file; as the dev endpoint's `getEntry` answers.
   */
  readEntry(source: ContentSource, entryPath: string): string | null
  /**
   * The save of `raw` (the entry's text as Decap writes it: YAML) at `entryPath` over `source`,
   * with the files sent with it; `base` is the entry's text when its form opened (readEntry's,
   * null for a new entry): `source` is the tree the form was read from, or, after the branch
   * moved and when `merges`, the newest tree. `files` may remove a file under public/ too (a
   * document's old edition).
   */
  planSave(
    source: ContentSource,
    entryPath: string,
    raw: string,
    uploads: readonly SaveUpload[],
    base: string | null,
  ): SavePlan | Promise<SavePlan>
  /**
   * A file the media library uploads with no entry open (Decap's persistMedia), at the path
   * Decap gives it (`public/images/Photo.PNG`), over `source`: its clean, free path and, for a new PDF, documents.yaml with its entry,
   * checked; `sameBytes(path)` says whether a file of the tree holds these very bytes. Without
   * it, the backend leaves the upload to Decap's own class.
   */
  planMedia?(
    source: ContentSource,
    path: string,
    bytes: Uint8Array,
    sameBytes: (path: string) => boolean,
  ): MediaPlan | Promise<MediaPlan>
  /**
   * The files under public/ the media library deletes (`public/images/x.png`), over `source`:
   * the problems of the tree without them (content that still names one), none to delete.
   */
  planDelete?(
    source: ContentSource,
    paths: readonly string[],
  ): RefusedProblem[] | Promise<RefusedProblem[]>
  /**
   * Whether planSave merges the form's changes over `base` into the entry as it is now
   * (planEntry with `base`): a save whose branch moved since the form opened is then planned
   * again on the newest tree and committed on it (conflicting values refused at their fields).
   * Without it, such a save is refused whole, nothing written.
   */
  merges?: boolean
  /**
   * The pages a folder collection of pages lists (its folder: `content/pages/<collection>`), by
   * id, in order: the configuration's `site_pages` (config.ts). Without it, such a folder is empty.
   */
  folderEntries?(folder: string): readonly string[] | undefined
  /** A refused save's problems, for the problems panel (problems.tsx `showRefusal`). */
  onRefused?(entryPath: string, problems: readonly RefusedProblem[]): void
  /**
   * A save committed (or found unchanged): the panel empties; `toReview`, the English values of
   * the saved files still « à revoir » (the save's notification says how many); a commit's
   * version (`live`) is watched until the live site is built from it (live/).
   */
  onSaved?(entryPath: string, saved: { toReview: number; live?: SavedVersion }): void
}

/** A committed save, as the editor watches it go live (templates/admin/live/). */
export type SavedVersion = {
  /** What the site's /build.json names once built from it (hosts.ts `CommitResult.version`). */
  version: string
  /** How a version the live site names stands to this one, asked of the host. */
  standing(live: string): Promise<Standing>
  /** A file's text in the tree as the save left it (`content/routes.yaml`: the page's address). */
  text(path: string): string | undefined
}
