// What the content check reads: a set of files, never the disk. The YAML texts
// under content/ by path, and the names of the files under public/ (the check only asks whether
// one exists). The disk is one source (diskSource.ts, Node), a Map another (memorySource: the
// repository's tree in the browser, tests); the tree as a save would leave it is a source with
// the save's files laid over it (overlaySource). Pure: no node: module, so the browser can
// bundle it.

/** The files the content check reads. */
export type ContentSource = {
  /** Every YAML file under content/, by its path from the project root (`content/fr/home.yaml`). */
  readonly content: ReadonlyMap<string, string>
  /** The files under public/. */
  readonly public: PublicFiles
}

/** A file of the project under public/ as the site path it is served at (`/images/x.jpg`). */
export const sitePathOf = (rel: string): string => rel.replace(/^public(?=\/)/, '')

/**
 * The names of the files under public/, as site paths (`/images/home/hero.jpg`). A folder exists
 * when a file is in it, as on the disk the check used to ask (`existsSync`): `/images` and
 * `/images/` exist, and `/` (public/ itself) always does.
 */
export class PublicFiles {
  private readonly files: ReadonlySet<string>
  private folderSet?: Set<string>
  private sorted?: string[]

  constructor(names: Iterable<string>) {
    this.files = new Set([...names].map(sitePath))
  }

  /** Whether `path` (a site path; `.`, `..` and doubled slashes resolved) is a file or folder. */
  has(path: string): boolean {
    const normal = sitePath(path)
    if (normal === '/') return true
    if (path.endsWith('/')) return this.folders().has(normal)
    return this.files.has(normal) || this.folders().has(normal)
  }

  /** These names with `added` laid over them and `removed` taken out. */
  with(added: Iterable<string>, removed: Iterable<string> = []): PublicFiles {
    const gone = new Set([...removed].map(sitePath))
    // A name both removed and added is a file replaced in place: it is there.
    return new PublicFiles([...[...this.files].filter((f) => !gone.has(f)), ...added])
  }

  /** The names, sorted: what a validator result depends on (validator.ts keys its memo by it). */
  toJSON(): string[] {
    this.sorted ??= [...this.files].sort()
    return this.sorted
  }

  private folders(): Set<string> {
    if (this.folderSet) return this.folderSet
    const folders = new Set<string>()
    for (const file of this.files)
      for (let cut = file.lastIndexOf('/'); cut > 0; cut = file.lastIndexOf('/', cut - 1))
        folders.add(file.slice(0, cut))
    this.folderSet = folders
    return folders
  }
}

/**
 * `path` as a site path under public/: one leading slash, no trailing one, `.` and `..` resolved
 * (a `..` cannot climb out of public/: the check used to join the path to the folder, so
 * `/../package.json` found the project's file).
 */
function sitePath(path: string): string {
  if (path.startsWith('/') && !UNRESOLVED.test(path)) return path
  const parts: string[] = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') parts.pop()
    else parts.push(part)
  }
  return `/${parts.join('/')}`
}

/** `//`, a `.` or `..` segment, or a trailing slash: what sitePath resolves. */
const UNRESOLVED = /\/\/|\/\.\.?(\/|$)|.\/$/

/** A source held in memory: `content` path -> text, `publicNames` site paths under public/. */
export function memorySource(
  content: Iterable<readonly [string, string]>,
  publicNames: Iterable<string>,
): ContentSource {
  return { content: new Map(content), public: new PublicFiles(publicNames) }
}

/**
 * The tree as a save would leave it: `base` with `files` (paths from the root, under content/)
 * laid over it, a null text removing the file, and the names `publicAdded` under public/ added,
 * `publicRemoved` taken out (site paths, `/docs/x.pdf`).
 */
export function overlaySource(
  base: ContentSource,
  files: ReadonlyMap<string, string | null>,
  publicAdded: Iterable<string> = [],
  publicRemoved: Iterable<string> = [],
): ContentSource {
  const content = new Map(base.content)
  for (const [path, text] of files)
    if (text === null) content.delete(path)
    else content.set(path, text)
  const added = [...publicAdded]
  const removed = [...publicRemoved]
  return {
    content,
    public: added.length || removed.length ? base.public.with(added, removed) : base.public,
  }
}

/** The names of the YAML files directly in `folder` (`content/fr`), sorted as the disk lists them. */
export function yamlFilesIn(source: ContentSource, folder: string): string[] {
  const prefix = `${folder}/`
  const names: string[] = []
  for (const path of source.content.keys()) {
    if (!path.startsWith(prefix) || !path.endsWith('.yaml')) continue
    const name = path.slice(prefix.length)
    if (!name.includes('/')) names.push(name)
  }
  return names.sort()
}
