import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pdfProblem } from '../../templates/form/pdf.ts'
import { type FileProblem, fileProblem, MAX_FILE_BYTES } from '../../templates/form/rules.ts'
import { careersFields, inboxUnderTest, multipart, pdf, post } from './inbox-helpers.ts'

// One PDF check for the page and the inbox (templates/form/pdf.ts): the verdict the browser
// reaches on a chosen File is the one the inbox reaches on the same bytes once uploaded.
const inbox = inboxUnderTest('cv-pdf-test-')

const sample = readFileSync(
  fileURLToPath(new URL('../../public/docs/catalogue-transformateurs-2024.pdf', import.meta.url)),
)
const latin1 = (text: string) => Buffer.from(text, 'latin1')
const edit = (bytes: Buffer, from: string | RegExp, to: string) =>
  latin1(bytes.toString('latin1').replace(from, to))
const xrefStreamPdf = (() => {
  const head = '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'
  const pages = '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'
  const xref = head.length + pages.length
  const stream = `3 0 obj\n<< /Type /XRef /Size 4 /W [1 2 1] /Root 1 0 R /Length 16 >>\nstream\n${'\0'.repeat(16)}\nendstream\nendobj\n`
  return latin1(`${head}${pages}${stream}startxref\n${xref}\n%%EOF\n`)
})()
const truncated = sample.subarray(0, Math.floor(sample.length * 0.6))

/** Name, bytes, the verdict, and (for a refusal) the reason pdfProblem gives. */
const FILES: [string, Buffer, FileProblem | null, RegExp | null][] = [
  ['the sample brochure', sample, null, null],
  ['a generated PDF 1.7', pdf(2_000), null, null],
  ['a PDF of exactly 1 MB', pdf(MAX_FILE_BYTES), null, null],
  ['a PDF 1.5 with a cross-reference stream', xrefStreamPdf, null, null],
  ['a PDF 2.0', edit(pdf(2_000), '%PDF-1.7', '%PDF-2.0'), null, null],
  ['a PDF with CRLF line ends', edit(pdf(2_000), /%%EOF\n$/, '%%EOF\r\n'), null, null],
  ['a renamed text file', Buffer.from('Curriculum vitae\nJeanne Dupont\n'), 'fileType', /header/],
  ['a JPEG named .pdf', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'fileType', /header/],
  ['a PDF 3.0', edit(pdf(2_000), '%PDF-1.7', '%PDF-3.0'), 'fileType', /header/],
  ['"%PDF-" and nothing else', latin1('%PDF-'), 'fileType', /header/],
  ['a PDF over 1 MB', pdf(MAX_FILE_BYTES + 1), 'fileSize', null],
  ['a truncated PDF', truncated, 'fileDamaged', /%%EOF/],
  ['a PDF cut before its trailer', pdf(2_000).subarray(0, 1_900), 'fileDamaged', /%%EOF/],
  [
    'a PDF header on garbage',
    Buffer.concat([latin1('%PDF-1.7\n'), Buffer.alloc(4_000, 0x41)]),
    'fileDamaged',
    /%%EOF/,
  ],
  [
    'a startxref pointing elsewhere',
    edit(pdf(2_000), /startxref\n\d+/, 'startxref\n20'),
    'fileDamaged',
    /cross-reference/,
  ],
  [
    'a startxref past the end',
    edit(pdf(2_000), /startxref\n\d+/, 'startxref\n99999'),
    'fileDamaged',
    /outside/,
  ],
  [
    'a trailer without /Root',
    edit(pdf(2_000), '/Root 1 0 R', '/Info 1 0 R'),
    'fileDamaged',
    /Root/,
  ],
  [
    'a /Root not where the table says',
    edit(pdf(2_000), '1 0 obj\n<< /Type /Catalog', '7 0 obj\n<< /Type /Catalog'),
    'fileDamaged',
    /Root object/,
  ],
]

/** What the page does with a chosen file (templates/form/FileInput.tsx): read it, then judge. */
async function browserVerdict(bytes: Buffer): Promise<FileProblem | null> {
  const file = new Blob([new Uint8Array(bytes)], { type: 'application/pdf' })
  const read = file.size > MAX_FILE_BYTES ? file.slice(0, 16) : file
  return fileProblem(new Uint8Array(await read.arrayBuffer()), file.size)
}

/** The inbox's answer to an application carrying these bytes as its CV. */
const INBOX_STATUS: Record<FileProblem | 'none', number> = {
  none: 200,
  fileType: 415,
  fileSize: 413,
  fileDamaged: 415,
}

describe('the CV check', () => {
  it.each(FILES)('%s: pdfProblem explains the refusal', (_, bytes, verdict, why) => {
    if (verdict === 'fileSize') return // a size, not a structure: pdfProblem has nothing to say
    if (why) expect(pdfProblem(bytes)).toMatch(why)
    else expect(pdfProblem(bytes)).toBeNull()
  })

  it.each(FILES)('%s: the page and the inbox give the same verdict', async (_, bytes, verdict) => {
    expect(await browserVerdict(bytes)).toBe(verdict)
    const body = multipart([...careersFields(), { name: 'file', value: bytes, filename: 'cv.pdf' }])
    const answer = await post(`${inbox.base}/api/inbox/general`, body)
    expect(answer.status).toBe(INBOX_STATUS[verdict ?? 'none'])
    if (verdict) expect(answer.body.fields).toEqual(['file'])
    expect(readdirSync(inbox.dir)).toHaveLength(verdict ? 0 : 1)
  })

  it('answers a truncated PDF with 415 and stores nothing', async () => {
    const body = multipart([
      ...careersFields(),
      { name: 'file', value: truncated, filename: 'cv.pdf' },
    ])
    expect(await post(`${inbox.base}/api/inbox/general`, body)).toMatchObject({
      status: 415,
      body: { error: 'The file is not a valid PDF document.', fields: ['file'] },
    })
    expect(readdirSync(inbox.dir)).toEqual([])
  })
})
