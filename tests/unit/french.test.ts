// French elision over every French text: content/fr/*.yaml, content/i18n/fr.yaml and the `fr`
// values of content/data. "de", "le", "la", "que", "ne", "je" and "se" drop their vowel before
// a word starting with a vowel or a mute h ("d'un", "l'huile", "qu'il"); the few words where
// French keeps them whole are listed below with their reason. A `{{placeholder}}` counts by
// the value it stands for: a figure of content/data/facts.yaml, or, in interface strings, a
// runtime value that must be known not to start with a vowel (a name may: "de Amel").
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isMap, isPair, isScalar, LineCounter, parseDocument, visit } from 'yaml'

const root = new URL('../../', import.meta.url)
const read = (file: string) => readFileSync(new URL(file, root), 'utf8')

/** Words before which French writes "de", "le", "la"... in full, each with why. */
const NO_ELISION: Record<string, string> = {
  haut: 'h aspiré: « le haut », « de haut »',
  hauteur: 'h aspiré: « la hauteur »',
  hausse: 'h aspiré: « la hausse »',
  halage: 'h aspiré: « anneaux de halage »',
  hall: 'h aspiré: « le hall »',
  hangar: 'h aspiré: « le hangar »',
  hasard: 'h aspiré: « le hasard »',
  héros: 'h aspiré: « le héros » (but « l’héroïne »)',
  hiérarchie: 'h aspiré: « la hiérarchie »',
  hors: 'h aspiré: « hors de », « le hors-service »',
  huit: 'no elision before the number: « le huit »',
  onze: 'no elision before the number: « le onze »',
  oui: 'no elision before the word oui: « le oui »',
}
/** Interface placeholders whose runtime value never starts with a vowel (digits or "+"). */
const SAFE_VARIABLES = new Set([
  'phone',
  'year',
  'seconds',
  'load',
  'pf',
  'value',
  'count',
  'min',
  'max',
])

const ELIDING =
  /(?<![\p{L}'’-])(de|le|la|que|ne|je|se)\s+(\{\{\s*[\w.]+\s*\}\}|[\p{L}][\p{L}-]*)/giu
const VOWEL_START = /^[aeiouàâäéèêëîïôöùûüœæh]/i

const facts = parseDocument(read('content/data/facts.yaml')).toJS() as Record<string, unknown>
function factOf(path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], facts)
}

/** What a word (or placeholder) after "de"/"le"... starts with, or null when it is safe. */
function elisionProblem(next: string, inInterface: boolean): string | null {
  const variable = /^\{\{\s*([\w.]+)\s*\}\}$/.exec(next)?.[1]
  if (variable) {
    const fact = factOf(variable)
    if (fact !== undefined) return VOWEL_START.test(String(fact)) ? String(fact) : null
    if (inInterface && SAFE_VARIABLES.has(variable)) return null
    return `${next} (its value may start with a vowel: rephrase)`
  }
  if (!VOWEL_START.test(next)) return null
  if (Object.hasOwn(NO_ELISION, next.toLowerCase())) return null
  return next
}

type Finding = string

/** Every elision missing in one text, as "file:line:col  « de un »". */
function checkText(text: string, where: string, inInterface: boolean): Finding[] {
  const findings: Finding[] = []
  for (const m of text.matchAll(ELIDING)) {
    const [whole, , next = ''] = m
    const problem = elisionProblem(next, inInterface)
    if (problem) findings.push(`${where}  « ${whole.replace(/\s+/g, ' ')} »: elide (${problem})`)
  }
  return findings
}

/** French strings of a YAML file: every value, or only the values of `fr` keys. */
function checkYaml(file: string, only: 'all' | 'fr-keys'): Finding[] {
  const lineCounter = new LineCounter()
  const doc = parseDocument(read(file), { lineCounter })
  const findings: Finding[] = []
  visit(doc, {
    Scalar(key, node, path) {
      if (key === 'key' || typeof node.value !== 'string') return
      const parent = path.at(-1)
      // A block marked as another language (`lang: en`, the spec's English promo banner).
      if (path.some((n) => isMap(n) && n.get('lang') !== undefined && n.get('lang') !== 'fr'))
        return
      if (
        only === 'fr-keys' &&
        !(isPair(parent) && isScalar(parent.key) && parent.key.value === 'fr')
      )
        return
      const { line, col } = lineCounter.linePos(node.range?.[0] ?? 0)
      findings.push(...checkText(node.value, `${file}:${line}:${col}`, file.includes('/i18n/')))
    },
  })
  return findings
}

const yamlIn = (dir: string) =>
  readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `${dir}${f}`)
    .sort()

describe('the French elision rule', () => {
  it.each([
    ['la protection de un à 4 transformateurs', 1],
    ['Profil LinkedIn de Amel', 1],
    ['le huile et la isolation', 2],
    ['que il soit', 1],
    ["la protection d'un à 4 transformateurs", 0],
    ['anneaux de levage et de halage, la hauteur H', 0],
    ['plus de {{company.countries}} pays', 0],
    ['Profil de {{name}}', 1],
    ['Appeler le {{phone}}', 0],
    ['de IEC 60076', 1],
  ])('%s → %i finding(s)', (text, count) => {
    expect(checkText(text, 'x', true)).toHaveLength(count)
  })

  it('names the file, line and column', () => {
    expect(checkText('la protection de un à 4', 'content/fr/x.yaml:3:9', false)).toEqual([
      'content/fr/x.yaml:3:9  « de un »: elide (un)',
    ])
  })

  it('holds in every French text of content/', () => {
    const files = [...yamlIn('content/fr/'), 'content/i18n/fr.yaml']
    expect(files.length).toBeGreaterThan(20)
    const findings = [
      ...files.flatMap((f) => checkYaml(f, 'all')),
      ...yamlIn('content/data/').flatMap((f) => checkYaml(f, 'fr-keys')),
    ]
    expect(findings).toEqual([])
  })
})
