// From the values a CMS submits for an entry (one per file) to the files' new texts: an existing
// file is edited in place (editYaml: only what changed), a new one is written whole, starting
// with the `$schema` line the files of its folder start with, so the editor's help follows it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { isRecord } from './itemMatch.ts'
import { editYaml } from './yamlEdit.ts'
import { compactText, detectStyle, mapText } from './yamlWrite.ts'

/** Path relative to the root -> new text (null: remove the file), for saveEntry. */
export function entryTexts(
  root: string,
  values: ReadonlyMap<string, unknown>,
): Map<string, string | null> {
  const texts = new Map<string, string | null>()
  for (const [rel, value] of values) {
    const path = join(root, rel)
    if (value === null) texts.set(rel, null)
    else if (existsSync(path)) texts.set(rel, editYaml(readFileSync(path, 'utf8'), value))
    else texts.set(rel, newFileText(root, rel, value))
  }
  return texts
}

const SCHEMA_LINE = /^# yaml-language-server: \$schema=\S+$/

/** A new file: the `$schema` line of its folder (data files: their own schema), then the value. */
export function newFileText(root: string, rel: string, value: unknown): string {
  const style = detectStyle('')
  const body = isRecord(value) ? mapText(style, value, 0) : compactText(style, value, 0)
  const header = schemaLine(root, rel)
  return `${header ? `${header}\n` : ''}${body}\n`
}

function schemaLine(root: string, rel: string): string | undefined {
  if (dirname(rel) === 'content/data')
    return `# yaml-language-server: $schema=../../schemas/data/${basename(rel, '.yaml')}.schema.json`
  const dir = join(root, dirname(rel))
  if (!existsSync(dir)) return undefined
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const first = readFileSync(join(dir, name), 'utf8').split('\n', 1)[0] ?? ''
    if (SCHEMA_LINE.test(first)) return first
  }
  return undefined
}
