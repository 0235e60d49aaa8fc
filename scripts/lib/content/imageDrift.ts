// Image paths of page blocks are still written in both language files (moving them out would
// split every block across three files and break the schema help in VS Code). So that they
// cannot drift apart, the same image slot must name the same file in French and English.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Lang } from '../../../templates/lib/languages.ts'
import type { ContentProblem } from './problems.ts'
import { keyPath } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

/** Every `src` of a page, by key path, matching lists by item id (by position without one). */
function imagePaths(value: unknown): Map<string, (string | number)[]> {
  const out = new Map<string, (string | number)[]>()
  const walk = (v: unknown, path: (string | number)[], slot: string) => {
    if (Array.isArray(v))
      v.forEach((x, i) => {
        const id = (x as { id?: unknown } | null)?.id
        walk(x, [...path, i], `${slot}[${typeof id === 'string' ? id : i}]`)
      })
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'src' && typeof x === 'string') out.set(`${slot}.src`, [...path, k])
        else walk(x, [...path, k], `${slot}.${k}`)
      }
  }
  walk(value, [], '')
  return out
}

const valueAt = (v: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((x, k) => (x as Record<string | number, unknown> | null)?.[k], v)

/** A missing file is already reported at its line (x-asset): no second message for it. */
export function checkImageDrift(
  pages: { lang: Lang; yaml: YamlFile }[],
  publicDir: string,
): ContentProblem[] {
  const exists = (p: unknown) =>
    typeof p === 'string' && p.startsWith('/') && existsSync(join(publicDir, p))
  const out: ContentProblem[] = []
  const french = new Map(
    pages
      .filter((p) => p.lang === 'fr')
      .map((p) => [p.yaml.file.replace(/^content\/fr\//, ''), p.yaml]),
  )
  for (const { yaml: en } of pages.filter((p) => p.lang === 'en')) {
    const fr = french.get(en.file.replace(/^content\/en\//, ''))
    if (!fr) continue
    const frPaths = imagePaths(fr.value)
    for (const [slot, enPath] of imagePaths(en.value)) {
      const frPath = frPaths.get(slot)
      if (!frPath) continue
      const a = valueAt(fr.value, frPath)
      const b = valueAt(en.value, enPath)
      if (a === b || !exists(a) || !exists(b)) continue
      const at = fr.positionOf(frPath)
      out.push({
        file: en.file,
        ...en.positionOf(enPath),
        key: keyPath(enPath),
        message: `image ${String(b)} differs from the French page's ${String(a)} (${fr.file}:${at.line}:${at.col}): an image is the same in both languages, use one path in both files`,
      })
    }
  }
  return out
}
