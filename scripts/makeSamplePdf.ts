// Writes the sample brochures of the catalogue (spec section 7) as small valid PDF 1.4 files under
// public/docs/, each clearly marked SAMPLE, for an editor to replace by the real brochure later
// (same file name, or change the link in content/).
// Usage: npx tsx scripts/makeSamplePdf.ts                        -> every brochure below
//        npx tsx scripts/makeSamplePdf.ts docs/x.pdf "Title" ["line" ...] -> one file
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The brochures and catalogues the spec names, by path under public/. */
export const SAMPLE_BROCHURES: Record<string, string> = {
  'docs/catalogue-transformateurs-2024.pdf':
    'Transformer catalogue 2024 / Catalogue transformateurs 2024',
  'docs/brochure-gestion-energie.pdf':
    'Energy management brochure (SEMS, IEMS) / Brochure gestion de l energie',
  'docs/catalogue-batteries-condensateurs.pdf':
    'Capacitor bank catalogue (SCEFix, SCEVar) / Catalogue batteries de condensateurs',
  'docs/catalogue-coffret-protection-cp1t.pdf':
    'Transformer protection cabinet CP1T catalogue / Catalogue coffret CP1T',
  'docs/catalogue-coffret-protection-cp2t.pdf':
    'Transformer protection cabinet CP2T catalogue / Catalogue coffret CP2T',
  'docs/catalogue-coffret-protection-cp3t.pdf':
    'Transformer protection cabinet CP3T catalogue / Catalogue coffret CP3T',
  'docs/catalogue-coffret-protection-cp4t.pdf':
    'Transformer protection cabinet CP4T catalogue / Catalogue coffret CP4T',
  'docs/brochure-cellules-sme36.pdf':
    'AIS 36 kV SME modular cells brochure / Brochure cellules SME 36 kV',
}

/** PDF string literal: ASCII only (standard font encoding), with ( ) \ escaped. */
function pdfString(text: string): string {
  const ascii = text.normalize('NFD').replace(/[^\x20-\x7e]/g, '')
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`
}

/** A one-page A4 PDF 1.4 with the given lines of text, its xref offsets computed byte by byte. */
export function samplePdf(title: string, lines: string[] = []): Buffer {
  const text = [
    'BT',
    '/F1 28 Tf',
    '72 760 Td',
    `${pdfString('SAMPLE - ECHANTILLON')} Tj`,
    '/F1 16 Tf',
    '0 -40 Td',
    `${pdfString(title)} Tj`,
    '/F1 11 Tf',
    ...[
      'Sample document: placeholder for the real brochure, not a commercial document.',
      'Document d exemple : a remplacer par la brochure reelle.',
      ...lines,
    ].flatMap((line) => ['0 -22 Td', `${pdfString(line)} Tj`]),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title ${pdfString(`SAMPLE - ${title}`)} >>`,
  ]
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

function write(rel: string, title: string, lines: string[]): void {
  const out = join(fileURLToPath(new URL('../public/', import.meta.url)), rel)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, samplePdf(title, lines))
  console.log(`wrote public/${rel}`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [rel, title, ...lines] = process.argv.slice(2)
  if (rel && title) write(rel, title, lines)
  else if (rel) {
    console.error(
      'usage: npx tsx scripts/makeSamplePdf.ts [<path under public/> "<title>" ["line" ...]]',
    )
    process.exit(2)
  } else for (const [path, t] of Object.entries(SAMPLE_BROCHURES)) write(path, t, [])
}
