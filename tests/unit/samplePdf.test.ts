// The sample brochures under public/docs/: valid PDF 1.4 files (every xref offset lands on its
// object, the stream length is exact), marked SAMPLE, and exactly what scripts/makeSamplePdf.ts
// writes, so regenerating them changes nothing.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SAMPLE_BROCHURES, samplePdf } from '../../scripts/makeSamplePdf.ts'

const publicDir = fileURLToPath(new URL('../../public/', import.meta.url))
const onDisk = readdirSync(join(publicDir, 'docs')).filter((f) => f.endsWith('.pdf'))

/** Checks the cross-reference table the way a reader does; returns what is wrong. */
function structuralProblems(pdf: string): string[] {
  const problems: string[] = []
  if (!pdf.startsWith('%PDF-1.4\n')) problems.push('no %PDF-1.4 header')
  if (!pdf.endsWith('%%EOF\n')) problems.push('no %%EOF trailer')
  for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const end = (m.index ?? 0) + m[0].length + Number(m[1])
    if (!pdf.startsWith('\nendstream', end)) problems.push('stream /Length does not match its data')
  }
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1])
  if (!pdf.startsWith('xref\n', startxref))
    return [...problems, `startxref ${startxref} is not the xref table`]
  const lines = pdf.slice(startxref).split('\n')
  const count = Number(lines[1]?.split(' ')[1])
  if (lines[2] !== '0000000000 65535 f ') problems.push('object 0 is not the free-list head')
  for (let n = 1; n < count; n++) {
    const entry = lines[2 + n] ?? ''
    const offset = Number(entry.slice(0, 10))
    if (!/^\d{10} 00000 n $/.test(entry)) problems.push(`xref entry ${n} is malformed: "${entry}"`)
    else if (!pdf.startsWith(`${n} 0 obj\n`, offset))
      problems.push(`xref offset of object ${n} is wrong`)
  }
  if (!new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`).test(pdf))
    problems.push('trailer /Size or /Root wrong')
  return problems
}

describe('sample brochure PDFs', () => {
  it('public/docs holds exactly the brochures the script writes', () => {
    expect(onDisk.map((f) => `docs/${f}`).sort()).toEqual(Object.keys(SAMPLE_BROCHURES).sort())
  })

  it.each(Object.entries(SAMPLE_BROCHURES))(
    '%s is a valid PDF marked SAMPLE, as generated',
    (path, title) => {
      const bytes = readFileSync(join(publicDir, path))
      const text = bytes.toString('latin1')
      expect(structuralProblems(text)).toEqual([])
      expect(text).toContain('(SAMPLE - ECHANTILLON) Tj')
      expect(bytes.equals(samplePdf(title))).toBe(true)
    },
  )

  it('the checker catches a shifted offset and a wrong stream length', () => {
    const good = samplePdf('Test').toString('latin1')
    expect(structuralProblems(good)).toEqual([])
    // Object 2's xref entry one byte off.
    const entry2 = /\n(\d{10}) 00000 n \n(\d{10}) 00000 n /.exec(good)
    const shifted = good.replace(
      `${entry2?.[2]} 00000 n `,
      `${String(Number(entry2?.[2]) + 1).padStart(10, '0')} 00000 n `,
    )
    expect(structuralProblems(shifted)).toEqual(['xref offset of object 2 is wrong'])
    const longer = good.replace('(SAMPLE - ECHANTILLON) Tj', '(SAMPLE - ECHANTILLON!) Tj')
    expect(structuralProblems(longer)[0]).toBe('stream /Length does not match its data')
  })

  it('escapes parentheses and drops non-ASCII letters in the text', () => {
    const pdf = samplePdf('Brochure (énergie) \\ 2024').toString('latin1')
    expect(pdf).toContain('(Brochure \\(energie\\) \\\\ 2024) Tj')
    expect(structuralProblems(pdf)).toEqual([])
  })
})
