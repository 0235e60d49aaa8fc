// A block whose type differs between the French and English files, and whose keys do not fit its
// type in one of them: the type is what was changed there (a slip, a block copied from elsewhere),
// and the schema's message for each key that does not fit (unknown here, missing there) is the
// same mistake. They become one message, at that block's type, naming the other file's type.
import { isBlockList, pairBlocks } from './blockPairs.ts'
import type { ContentProblem, Text } from './problems.ts'
import { keyPath, worded } from './problems.ts'
import type { YamlFile } from './yamlFile.ts'

type Block = Record<string, unknown>

const blocksOf = (y: YamlFile): unknown[] => {
  const value = y.value as { blocks?: unknown } | undefined
  return Array.isArray(value?.blocks) ? value.blocks : []
}

/** The problems to drop, and the one message for each block given the wrong type. */
export function retypedBlocks(
  fr: YamlFile,
  en: YamlFile,
  problems: readonly ContentProblem[],
): { drop: Set<ContentProblem>; add: ContentProblem[] } {
  const drop = new Set<ContentProblem>()
  const add: ContentProblem[] = []
  const a = blocksOf(fr)
  const b = blocksOf(en)
  if (!isBlockList(a) || !isBlockList(b)) return { drop, add }
  const inside = (y: YamlFile, i: number) => {
    const key = `blocks[${i}]`
    return problems.filter(
      (p) =>
        p.file === y.file &&
        (p.key === key || p.key.startsWith(`${key}.`) || p.key.startsWith(`${key}[`)),
    )
  }
  for (const [i, j] of pairBlocks(a, b).partner.entries()) {
    if (j === undefined) continue
    const sides = [
      { y: fr, index: i, block: a[i] as Block },
      { y: en, index: j, block: b[j] as Block },
    ]
    if (sides[0]?.block.type === sides[1]?.block.type) continue
    for (const [k, side] of sides.entries()) {
      const other = sides[1 - k]
      const found = inside(side.y, side.index)
      if (!other || found.length < 2 || inside(other.y, other.index).length > 0) continue
      for (const p of found) drop.add(p)
      const path = ['blocks', side.index, 'type']
      const there = other.y.positionOf(['blocks', other.index])
      const [mine, theirs] = [String(side.block.type), String(other.block.type)]
      const place = `${other.y.file}:${there.line}:${there.col}`
      const wrong = misfit(found)
      add.push({
        file: side.y.file,
        ...side.y.positionOf(path),
        key: keyPath(path),
        ...worded({
          en: `a "${mine}" block here but a "${theirs}" block in ${place}; as a ${mine} block it ${wrong.en}: give it the same type in both files`,
          fr: `un bloc « ${mine} » ici, mais un bloc « ${theirs} » dans ${place} ; en tant que bloc ${mine}, il ${wrong.fr} : donnez-lui le même type dans les deux fichiers`,
        }),
      })
    }
  }
  return { drop, add }
}

/**
 * `has unknown keys list, buttons and lacks items`, from the schema's problems: what they are
 * (the keyword that failed), not their words.
 */
function misfit(found: ContentProblem[]): Text {
  const last = (p: ContentProblem) => p.key.slice(p.key.lastIndexOf('.') + 1)
  const unknown = found.filter((p) => p.keyword === 'additionalProperties')
  const missing = found.filter((p) => p.keyword === 'required')
  const others = found.length - unknown.length - missing.length
  const unknownKeys = unknown.map(last).join(', ')
  const missingKeys = missing.map(last).join(', ')
  const join = (parts: (string | false | 0)[], and: string) => parts.filter(Boolean).join(and)
  return {
    en: join(
      [
        unknown.length &&
          `has ${unknown.length === 1 ? 'an unknown key' : 'unknown keys'} ${unknownKeys}`,
        missing.length && `lacks ${missingKeys}`,
        others && `${others} other problem${others === 1 ? '' : 's'}`,
      ],
      ' and ',
    ),
    fr: join(
      [
        unknown.length &&
          `a ${unknown.length === 1 ? 'une clé inconnue' : 'des clés inconnues'} ${unknownKeys}`,
        missing.length && `n'a pas ${missingKeys}`,
        others && `${others} autre${others === 1 ? '' : 's'} problème${others === 1 ? '' : 's'}`,
      ],
      ' et ',
    ),
  }
}
