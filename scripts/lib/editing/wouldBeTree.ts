// The content check of a tree as it would be after a save, without writing to content/: the
// project's own check (collectContent, what `npm run validate` runs) reads a shadow content/
// folder in which every file is a symbolic link to the real one, except the files the save
// changes, written there as they would be. The shadow lives as long as the process, in the
// system's temporary folder, so each check after the first only relinks what changed, and the
// checker's per-file cache (keyed by path, size and time) keeps serving the untouched files.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { collectContent, projectDirs } from '../content/load.ts'
import { type ContentProblem, sortProblems } from '../content/problems.ts'

/** What the shadow holds at a path: a link to the real file, or a would-be text. */
type Held = { link: string } | { text: string }
type Shadow = { dir: string; held: Map<string, Held> }

const shadows = new Map<string, Shadow>()

function shadowOf(root: string): Shadow {
  const known = shadows.get(root)
  // A cleaner of the temporary folder may have removed it: start again.
  if (known && existsSync(join(known.dir, 'content'))) return known
  if (known) rmSync(known.dir, { recursive: true, force: true })
  const dir = mkdtempSync(join(tmpdir(), 'content-check-'))
  mkdirSync(join(dir, 'content'))
  if (!shadows.size) process.once('exit', removeShadows)
  const shadow = { dir, held: new Map<string, Held>() }
  shadows.set(root, shadow)
  return shadow
}

/** Removes the shadow folders (at exit; tests may call it). */
export function removeShadows(): void {
  for (const { dir } of shadows.values()) rmSync(dir, { recursive: true, force: true })
  shadows.clear()
}

/** The files of content/, as paths relative to the root (`content/fr/home.yaml`). */
function contentFiles(root: string): string[] {
  const dir = join(root, 'content')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).replaceAll('\\', '/'))
}

/** Makes the shadow's content/ what content/ would be with `files` written (null: removed). */
function syncShadow(root: string, shadow: Shadow, files: ReadonlyMap<string, string | null>) {
  const wanted = new Map<string, Held>()
  for (const rel of contentFiles(root)) wanted.set(rel, { link: join(root, rel) })
  for (const [rel, text] of files)
    if (text === null) wanted.delete(rel)
    else wanted.set(rel, { text })
  for (const rel of shadow.held.keys())
    if (!wanted.has(rel)) {
      rmSync(join(shadow.dir, rel), { force: true })
      shadow.held.delete(rel)
    }
  for (const [rel, held] of wanted) {
    const before = shadow.held.get(rel)
    if (before && sameHeld(before, held)) continue
    const path = join(shadow.dir, rel)
    if (before) unlinkSync(path)
    else mkdirSync(dirname(path), { recursive: true })
    if ('link' in held) symlinkSync(held.link, path)
    else writeFileSync(path, held.text)
    shadow.held.set(rel, held)
  }
}

const sameHeld = (a: Held, b: Held) =>
  'link' in a ? 'link' in b && a.link === b.link : 'text' in b && a.text === b.text

/**
 * The content and every problem `npm run validate` would print for the tree at `root` with
 * `files` (paths relative to the root, under content/) written or, for null, removed; problems
 * sorted as validate prints them. Nothing under root is written. The CMS's preview renders
 * the content; its save path needs only the problems (checkWouldBe).
 */
export function collectWouldBe(
  root: string,
  files: ReadonlyMap<string, string | null>,
): ReturnType<typeof collectContent> {
  const dir = resolve(root)
  const shadow = shadowOf(dir)
  syncShadow(dir, shadow, files)
  const real = projectDirs(dir)
  const { content, problems } = collectContent({
    root: shadow.dir,
    content: join(shadow.dir, 'content'),
    schemas: real.schemas,
    public: real.public,
  })
  return { content, problems: sortProblems(problems) }
}

/** The problems of collectWouldBe: what a save must find none of before it writes. */
export function checkWouldBe(
  root: string,
  files: ReadonlyMap<string, string | null>,
): ContentProblem[] {
  return collectWouldBe(root, files).problems
}
