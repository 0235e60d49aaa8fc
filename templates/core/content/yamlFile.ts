// A YAML file parsed with the positions of its values. Pure (the check runs in the browser too):
// the parse cache across processes (parseCache.ts, Node) is handed in by setValueCache.
import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument, visit } from 'yaml'
import { type ContentProblem, type Text, worded } from './problems.ts'

/** A YAML file parsed with its source positions, so any value can be traced back to line:col. */
export type YamlFile = {
  /** Path relative to the project root, as shown to editors. */
  file: string
  value: unknown
  positionOf: (path: readonly (string | number)[], onKey?: boolean) => { line: number; col: number }
}

export type ReadResult = { yaml: YamlFile; problems: ContentProblem[] }

/**
 * Parsed files by path, the last few texts of each: the same text is not parsed again (the dev
 * server checks the content on each edit; the CMS checks the files of a save, then the disk's).
 */
const parsed = new Map<string, { source: string; result: ReadResult }[]>()
const KEPT_TEXTS = 3

/** The file at `file` (the path shown to editors, `content/fr/home.yaml`) with text `source`. */
export function parseYaml(file: string, source: string): ReadResult {
  const kept = parsed.get(file) ?? []
  const hit = kept.find((k) => k.source === source)
  if (hit) return hit.result
  const result = parseYamlFile(file, source)
  parsed.set(file, [{ source, result }, ...kept].slice(0, KEPT_TEXTS))
  return result
}

/**
 * Values of texts parsed before without a problem, kept by their text (parseCache.ts keeps them
 * on the disk, for the next process); none in the browser.
 */
export type ValueCache = {
  cachedValue(source: string): { value: unknown } | undefined
  storeValue(source: string, value: unknown): void
}
let valueCache: ValueCache | undefined

/** Parses go through `cache` from now on (load.ts hands in the disk's). */
export function setValueCache(cache: ValueCache | undefined): void {
  valueCache = cache
}

function parseYamlFile(file: string, source: string): ReadResult {
  const known = valueCache?.cachedValue(source)
  if (known) {
    // Parsed before without a problem: the positions are computed only if a message needs one.
    let positions: YamlFile['positionOf'] | undefined
    const positionOf: YamlFile['positionOf'] = (path, onKey) => {
      positions ??= parseYamlSource(file, source).yaml.positionOf
      return positions(path, onKey)
    }
    return { yaml: { file, value: known.value, positionOf }, problems: [] }
  }
  const result = parseYamlSource(file, source)
  if (!result.problems.length && result.yaml.value !== undefined)
    valueCache?.storeValue(source, result.yaml.value)
  return result
}

function parseYamlSource(file: string, source: string): ReadResult {
  const lineCounter = new LineCounter()
  // uniqueKeys is on by default: a duplicate key is reported like any syntax error.
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true })
  // A syntax error often makes the parser stumble on the lines after it: only the first one is
  // the editor's mistake. Duplicate keys are independent mistakes, each reported.
  const firstSyntax = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY')
  const kept = [...doc.errors, ...doc.warnings].filter(
    (e) => e.code === 'DUPLICATE_KEY' || e === firstSyntax,
  )
  const problems: ContentProblem[] = kept.map((e) => {
    const at = innermostAt(doc.contents as Node | null, e.pos[0])
    // An unclosed quote runs to the end of the file: point at the opening quote instead.
    const offset = e.code === 'MISSING_CHAR' && /quote/.test(e.message) ? at.start : e.pos[0]
    const { line, col } = lineCounter.linePos(offset)
    let key = at.key
    if (e.code === 'DUPLICATE_KEY') {
      // The innermost node there is the previous pair: name the duplicate key itself.
      const name = /^["']?([^"':\n]+)/.exec(source.slice(offset))?.[1]?.trim() ?? '?'
      const parent = at.key.includes('.') ? at.key.slice(0, at.key.lastIndexOf('.')) : ''
      key = parent ? `${parent}.${name}` : name
    }
    return { file, line, col, key, ...worded(yamlMessage(e.code, e.message)) }
  })
  const positionOf = (path: readonly (string | number)[], onKey = false) => {
    const offset = offsetOf(doc.contents as Node | null, path, onKey)
    return lineCounter.linePos(offset)
  }
  let value: unknown
  if (!doc.errors.length)
    try {
      value = doc.toJS()
    } catch {
      // The yaml library refuses aliases (*name) that expand to too much data: one message at
      // the first alias, not a stack trace.
      let offset = 0
      visit(doc, {
        Alias(_, node) {
          offset = node.range?.[0] ?? 0
          return visit.BREAK
        },
      })
      const { line, col } = lineCounter.linePos(offset)
      const { key } = innermostAt(doc.contents as Node | null, offset)
      problems.push({
        file,
        line,
        col,
        key,
        ...worded({
          en: 'YAML aliases (*name) here repeat an anchored value too many times; write the values out instead',
          fr: 'les alias YAML (*nom) répètent ici trop de fois une valeur ancrée ; écrivez plutôt les valeurs en entier',
        }),
      })
    }
  return { yaml: { file, value, positionOf }, problems }
}

/** The parser's message, said in one or two sentences an editor can act on. */
export function yamlMessage(code: string, raw: string): Text {
  const first = (raw.split('\n')[0] ?? raw).replace(/ at line \d+, column \d+:?$/, '')
  const syntax = (en: string, fr: string): Text => ({
    en: `YAML syntax error: ${en}`,
    fr: `erreur de syntaxe YAML : ${fr}`,
  })
  switch (code) {
    case 'DUPLICATE_KEY':
      return {
        en: 'duplicate key: each key may appear only once in a mapping; remove or rename one of them',
        fr: "clé en double : chaque clé ne peut figurer qu'une fois dans un objet ; supprimez ou renommez l'une d'elles",
      }
    case 'TAB_AS_INDENT':
      return {
        en: 'tabs cannot indent YAML; use spaces',
        fr: 'les tabulations ne peuvent pas indenter du YAML ; utilisez des espaces',
      }
    case 'MISSING_CHAR':
      if (/quote/.test(first))
        return syntax(
          'this quoted text has no closing quote; end it with the same quote it starts with',
          "ce texte entre guillemets n'a pas de guillemet fermant ; terminez-le par le guillemet qui l'ouvre",
        )
      break
    case 'BAD_INDENT':
      if (/Flow sequence/.test(first))
        return syntax(
          'this [ list is not closed; end it with ] (or indent its next lines more)',
          "cette liste [ n'est pas fermée ; terminez-la par ] (ou indentez davantage ses lignes suivantes)",
        )
      if (/Flow map/.test(first))
        return syntax(
          'this { mapping is not closed; end it with } (or indent its next lines more)',
          "cet objet { n'est pas fermé ; terminez-le par } (ou indentez davantage ses lignes suivantes)",
        )
      return syntax(
        'this line is not indented like the keys beside it; align it with them using spaces',
        "cette ligne n'est pas indentée comme les clés voisines ; alignez-la sur elles avec des espaces",
      )
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return syntax(
        'a value here contains ": " or is indented too far; put text with ": " in quotes, or align the key with the keys above it',
        'une valeur ici contient « : » ou est trop indentée ; mettez le texte contenant « : » entre guillemets, ou alignez la clé sur les clés du dessus',
      )
    case 'BAD_SCALAR_START': {
      const reserved = /reserved character (\S+)/.exec(first)?.[1]
      return syntax(
        `${first.replace('Plain value cannot start with reserved character', 'a value cannot start with')}; put the text in quotes`,
        `${reserved ? `une valeur ne peut pas commencer par ${reserved}` : 'cette valeur commence par un caractère réservé'} ; mettez le texte entre guillemets`,
      )
    }
    case 'UNEXPECTED_TOKEN':
      if (/at node end/.test(first))
        return syntax(
          "text continues after the closing quote; to put ' inside '...', write it twice ('it''s'), or quote the whole text with \"...\"",
          "le texte continue après le guillemet fermant ; pour mettre ' dans '...', doublez-le ('aujourd''hui'), ou mettez tout le texte entre \"...\"",
        )
      return syntax(
        'this line does not fit the structure above it; check its indentation (spaces) and quote text that contains ": " or " #"',
        "cette ligne ne s'accorde pas avec la structure au-dessus ; vérifiez son indentation (des espaces) et mettez entre guillemets le texte qui contient « : » ou « # »",
      )
  }
  // A message of the parser not worded here: its own words, in English, follow.
  return syntax(first, `${first} (message de l'analyseur YAML, en anglais)`)
}

/** Offset of the deepest node that exists along `path` (a missing key points at its parent). */
function offsetOf(root: Node | null, path: readonly (string | number)[], onKey: boolean): number {
  let node: Node | null = root
  let offset = node?.range?.[0] ?? 0
  for (const [i, segment] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isScalar(p.key) && String(p.key.value) === String(segment),
      )
      if (!pair) break
      const isLast = i === path.length - 1
      const keyNode = pair.key as Node
      if (isLast && onKey) return keyNode.range?.[0] ?? offset
      node = (pair.value as Node | null) ?? null
      offset = node?.range?.[0] ?? keyNode.range?.[0] ?? offset
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined
      if (!item) break
      node = item
      offset = item.range?.[0] ?? offset
    } else break
  }
  return offset
}

/** The dotted key path and start offset of the innermost node around a source offset. */
function innermostAt(root: Node | null, offset: number): { key: string; start: number } {
  const path: string[] = []
  let node: unknown = root
  let start = root?.range?.[0] ?? offset
  while (node) {
    let next: unknown = null
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue
        const begin = (pair.key as Node | null)?.range?.[0] ?? -1
        const end =
          (pair.value as Node | null)?.range?.[2] ?? (pair.key as Node | null)?.range?.[2] ?? -1
        if (begin <= offset && offset <= end) {
          path.push(String(isScalar(pair.key) ? pair.key.value : '?'))
          next = pair.value
          break
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const r = (item as Node).range
        if (r && r[0] <= offset && offset <= r[2]) {
          path.push(`[${i}]`)
          next = item
        }
      })
    }
    if (next) start = (next as Node).range?.[0] ?? start
    node = next
  }
  return { key: path.join('.').replace(/\.\[/g, '[') || '(document)', start }
}
