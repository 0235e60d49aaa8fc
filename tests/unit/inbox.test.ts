import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { handleInbox } from '../../scripts/lib/inbox/handler.ts'
import type { StoredSubmission } from '../../scripts/lib/inbox/store.ts'

// The inbox behind a bare HTTP server, fed raw multipart bodies as a browser or a script sends them.
let server: Server
let base: string
let dir: string

beforeAll(async () => {
  server = createServer((req, res) => void handleInbox(req, res))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-test-'))
  process.env.INBOX_DIR = dir
})
afterEach(() => {
  delete process.env.INBOX_DIR
  rmSync(dir, { recursive: true, force: true })
})

const BOUNDARY = '----inboxTestBoundary7MA4YWxk'
type Part = { name: string; value: string | Buffer; filename?: string; type?: string }

/** A multipart/form-data body written by hand, byte for byte. */
function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/pdf'}` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`))
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

const contactFields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({
    name: 'Dupont',
    lastName: 'Jeanne',
    poste: '',
    email: 'jeanne@example.com',
    phone: '+216 70 000 099',
    message: 'Bonjour, je voudrais un devis.',
    action: 'sendEmail',
    'g-recaptcha-response': 'test-token',
    ...over,
  }).map(([name, value]) => ({ name, value }))

const careersFields = (over: Record<string, string> = {}) =>
  contactFields({ form: 'careers', poste: 'Ingénieure méthodes', ...over })

/** A PDF-signed file of exactly `size` bytes. */
function pdf(size: number, fill = 0x41): Buffer {
  const bytes = Buffer.alloc(size, fill)
  bytes.write('%PDF-1.7\n', 0, 'latin1')
  return bytes
}

type Answer = {
  status: number
  body: { data?: { name: string }; error?: string; fields?: string[] }
}

function post(
  path: string,
  body: Buffer,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'content-length': body.length },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

function stored(): { json: StoredSubmission; cv?: Buffer }[] {
  return readdirSync(dir).map((name) => {
    const folder = join(dir, name)
    const files = readdirSync(folder)
    return {
      json: JSON.parse(readFileSync(join(folder, 'submission.json'), 'utf8')) as StoredSubmission,
      cv: files.includes('cv.pdf') ? readFileSync(join(folder, 'cv.pdf')) : undefined,
    }
  })
}

describe('the form inbox accepts a good submission', () => {
  it('stores a contact request and answers with the name', async () => {
    const answer = await post('/api/inbox/contact', multipart(contactFields()))
    expect(answer).toEqual({ status: 200, body: { data: { name: 'Jeanne Dupont' } } })
    const [entry] = stored()
    expect(entry?.json).toMatchObject({
      endpoint: 'contact',
      form: 'contact',
      fields: {
        name: 'Dupont',
        lastName: 'Jeanne',
        poste: '',
        email: 'jeanne@example.com',
        phone: '+216 70 000 099',
        message: 'Bonjour, je voudrais un devis.',
      },
      file: null,
      captcha: 'not checked',
    })
  })

  it('stores an application with a CV of exactly 1048576 bytes, bytes intact', async () => {
    const cv = pdf(1_048_576)
    const body = multipart([...careersFields(), { name: 'file', value: cv, filename: 'cv.pdf' }])
    const answer = await post('/api/inbox/general', body)
    expect(answer.status).toBe(200)
    const [entry] = stored()
    expect(entry?.json.form).toBe('careers')
    expect(entry?.json.fields.poste).toBe('Ingénieure méthodes')
    expect(entry?.json.file).toEqual({
      originalName: 'cv.pdf',
      storedAs: 'cv.pdf',
      bytes: 1_048_576,
    })
    expect(entry?.cv?.equals(cv)).toBe(true)
  })

  it('stores line breaks as typed (LF), though browsers send them as CRLF', async () => {
    const body = multipart(contactFields({ message: 'Bonjour,\r\ndeux lignes.\r\n' }))
    expect((await post('/api/inbox/contact', body)).status).toBe(200)
    expect(stored()[0]?.json.fields.message).toBe('Bonjour,\ndeux lignes.')
  })

  it('treats an empty file input (no name, no bytes) as no file', async () => {
    const body = multipart([...careersFields(), { name: 'file', value: '', filename: '' }])
    expect((await post('/api/inbox/general', body)).status).toBe(200)
    expect(stored()[0]?.json.file).toBeNull()
  })
})

describe('the form inbox refuses bad input and stores nothing', () => {
  const cases: [string, string, Buffer, number, RegExp][] = [
    ['a missing name', '/api/inbox/contact', multipart(contactFields({ name: '' })), 400, /name/],
    [
      'a blank message',
      '/api/inbox/contact',
      multipart(contactFields({ message: '  \n ' })),
      400,
      /message/,
    ],
    [
      'an application without poste',
      '/api/inbox/general',
      multipart(careersFields({ poste: ' ' })),
      400,
      /poste/,
    ],
    [
      'no action field',
      '/api/inbox/contact',
      multipart(contactFields().filter((p) => p.name !== 'action')),
      400,
      /action/,
    ],
    [
      'a careers form on the contact endpoint',
      '/api/inbox/contact',
      multipart(careersFields()),
      400,
      /contact endpoint/,
    ],
    [
      'an unknown field',
      '/api/inbox/contact',
      multipart([...contactFields(), { name: 'admin', value: '1' }]),
      400,
      /admin/,
    ],
    [
      'an overlong name',
      '/api/inbox/contact',
      multipart(contactFields({ name: 'x'.repeat(101) })),
      400,
      /too long/,
    ],
    [
      'an oversize field',
      '/api/inbox/contact',
      multipart(contactFields({ message: 'x'.repeat(20_001) })),
      413,
      /too long/,
    ],
    [
      'a fake PDF (.pdf name, JPEG bytes)',
      '/api/inbox/general',
      multipart([
        ...careersFields(),
        { name: 'file', value: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), filename: 'cv.pdf' },
      ]),
      415,
      /PDF/,
    ],
    [
      'a CV of 1048577 bytes',
      '/api/inbox/general',
      multipart([...careersFields(), { name: 'file', value: pdf(1_048_577), filename: 'cv.pdf' }]),
      413,
      /1 MB/,
    ],
    [
      'a file on the contact form',
      '/api/inbox/contact',
      multipart([...contactFields(), { name: 'file', value: pdf(100), filename: 'cv.pdf' }]),
      400,
      /no file/,
    ],
    [
      'two files',
      '/api/inbox/general',
      multipart([
        ...careersFields(),
        { name: 'file', value: pdf(100), filename: 'a.pdf' },
        { name: 'file', value: pdf(100), filename: 'b.pdf' },
      ]),
      400,
      /one file/,
    ],
    [
      'a body cut short',
      '/api/inbox/contact',
      multipart(contactFields()).subarray(0, 200),
      400,
      /Malformed/,
    ],
    [
      'garbage without boundaries',
      '/api/inbox/contact',
      Buffer.from('name=Dupont&lastName=Jeanne'),
      400,
      /Malformed/,
    ],
  ]
  it.each(cases)('%s', async (_, path, body, status, error) => {
    const answer = await post(path, body)
    expect(answer.status).toBe(status)
    expect(answer.body.error).toMatch(error)
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a body that is not multipart', async () => {
    const answer = await post('/api/inbox/contact', Buffer.from('{}'), 'application/json')
    expect(answer.status).toBe(415)
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a multipart type without boundary', async () => {
    const answer = await post(
      '/api/inbox/contact',
      multipart(contactFields()),
      'multipart/form-data;',
    )
    expect(answer).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/boundary/) },
    })
  })

  it('refuses a body larger than the limit before reading it', async () => {
    const body = multipart([
      ...careersFields(),
      { name: 'file', value: pdf(1_200_000), filename: 'cv.pdf' },
    ])
    const answer = await post('/api/inbox/general', body)
    expect(answer.status).toBe(413)
    expect(readdirSync(dir)).toEqual([])
  })

  it('answers 404 on an unknown endpoint and 405 on GET', async () => {
    expect((await post('/api/inbox/other', multipart(contactFields()))).status).toBe(404)
    const status = await new Promise<number>((resolve) =>
      request(`${base}/api/inbox/contact`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }).end(),
    )
    expect(status).toBe(405)
  })
})

describe('the captcha, when a secret is configured', () => {
  afterEach(() => {
    delete process.env.RECAPTCHA_SECRET
    vi.unstubAllGlobals()
  })
  const google = (success: boolean) => {
    process.env.RECAPTCHA_SECRET = 'test-secret'
    const verify = vi.fn(async (_url: string, init: { body: URLSearchParams }) =>
      Response.json({ success, echo: init.body.get('response') }),
    )
    vi.stubGlobal('fetch', verify)
    return verify
  }

  it('stores the submission once Google accepts the token', async () => {
    const verify = google(true)
    expect((await post('/api/inbox/contact', multipart(contactFields()))).status).toBe(200)
    expect(verify.mock.calls[0]?.[1].body.get('response')).toBe('test-token')
    expect(verify.mock.calls[0]?.[1].body.get('secret')).toBe('test-secret')
    expect(stored()[0]?.json.captcha).toBe('verified')
  })

  it('refuses a token Google rejects, and one that is missing', async () => {
    google(false)
    const rejected = await post('/api/inbox/contact', multipart(contactFields()))
    expect(rejected).toMatchObject({
      status: 400,
      body: { error: 'The captcha was not accepted.' },
    })
    const missing = await post(
      '/api/inbox/contact',
      multipart(contactFields().filter((p) => p.name !== 'g-recaptcha-response')),
    )
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'The captcha was not completed.' },
    })
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('the form inbox under load', () => {
  it('stores 50 concurrent submissions intact, with no temporary file left', async () => {
    const sent = Array.from({ length: 50 }, (_, i) => ({
      email: `applicant${i}@example.com`,
      cv: pdf(20_000 + i * 997, 0x30 + (i % 10)),
    }))
    const answers = await Promise.all(
      sent.map((s, i) =>
        post(
          '/api/inbox/general',
          multipart([
            ...careersFields({ email: s.email, lastName: `Candidat ${i}` }),
            { name: 'file', value: s.cv, filename: `cv-${i}.pdf` },
          ]),
        ),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(sent.map(() => 200))
    expect(readdirSync(dir).filter((n) => n.startsWith('.'))).toEqual([])
    const entries = stored()
    expect(entries).toHaveLength(50)
    for (const [i, s] of sent.entries()) {
      const entry = entries.find((e) => e.json.fields.email === s.email)
      expect(entry?.json.fields.lastName).toBe(`Candidat ${i}`)
      expect(entry?.json.file?.originalName).toBe(`cv-${i}.pdf`)
      expect(entry?.cv?.equals(s.cv)).toBe(true)
    }
  })
})
