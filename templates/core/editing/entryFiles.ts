// From the values a CMS submits for an entry (one per file) to the files' new texts: an existing
// file is edited in place (editYaml: only what changed), a new one is written whole, starting
// with the `$schema` line the files of its folder start with, so the editor's help follows it.
// Pure: the files are read from a content source (the disk in Node, the repository online).

import { isObject } from '../../lib/isObject.ts'
import type { ContentSource } from '../content/source.ts'
import { yamlFilesIn } from '../content/source.ts'
import { editYaml } from './yamlEdit.ts'
import { compactText, detectStyle, mapText } from './yamlWrite.ts'

/** Path relative to the root -> new text (null: remove the file), for planSave. */
export function entryTexts(
  source: ContentSource,
  values: ReadonlyMap<string, unknown>,
): Map<string, string | null> {
  const texts = new Map<string, string | null>()
  for (const [rel, value] of values) {
    const current = source.content.get(rel)
    if (value === null) texts.set(rel, null)
    else if (current !== undefined) texts.set(rel, editYaml(current, value))
    else texts.set(rel, newFileText(source, rel, value))
  }
  return texts
}

const SCHEMA_LINE = /^# yaml-language-server: \$schema=\S+$/

/** A new file: the `$schema` line of its folder (data files: their own schema), then the value. */
export function newFileText(source: ContentSource, rel: string, value: unknown): string {
  const style = detectStyle('')
  const body = isObject(value) ? mapText(style, value, 0) : compactText(style, value, 0)
  const header = schemaLine(source, rel)
  return `${header ? `${header}\n` : ''}${body}\n`
}

function schemaLine(source: ContentSource, rel: string): string | undefined {
  const folder = rel.slice(0, rel.lastIndexOf('/'))
  if (folder === 'content/data')
    return `# yaml-language-server: $schema=../../schemas/data/${rel.slice(folder.length + 1, -'.yaml'.length)}.schema.json`
  for (const name of yamlFilesIn(source, folder)) {
    const first = source.content.get(`${folder}/${name}`)?.split('\n', 1)[0] ?? ''
    if (SCHEMA_LINE.test(first)) return first
  }
  return undefined
}
