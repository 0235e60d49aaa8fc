import { readdirSync, readFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StoredSubmission } from '../../scripts/lib/inbox/store.ts'
import {
  careersFields,
  contactFields,
  inboxUnderTest,
  multipart,
  pdf,
  post as postTo,
  type Answer as Raw,
} from './inbox-helpers.ts'

// The inbox behind a bare HTTP server, fed raw multipart bodies as a browser or a script sends them.
const inbox = inboxUnderTest('inbox-test-')

type Answer = Omit<Raw, 'headers'>

/** POSTs to the inbox under test; the answer without its headers (pinned with toEqual). */
async function post(path: string, body: Buffer, contentType?: string): Promise<Answer> {
  const { status, body: json } = await postTo(`${inbox.base}${path}`, body, contentType)
  return { status, body: json }
}

function stored(): { json: StoredSubmission; cv?: Buffer }[] {
  return readdirSync(inbox.dir).map((name) => {
    const folder = join(inbox.dir, name)
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

  it.each(['+216 71 234 567 poste 12', '+216 71 234 567 ext. 12', '+216 71 234 567 x12'])(
    'stores a phone number with its extension as typed: %j',
    async (phone) => {
      const answer = await post('/api/inbox/contact', multipart(contactFields({ phone })))
      expect(answer).toEqual({ status: 200, body: { data: { name: 'Jeanne Dupont' } } })
      expect(stored().map((s) => s.json.fields.phone)).toEqual([phone])
    },
  )

  it('stores line breaks as typed (LF), though browsers send them as CRLF', async () => {
    const body = multipart(contactFields({ message: 'Bonjour,\r\ndeux lignes.\r\n' }))
    expect((await post('/api/inbox/contact', body)).status).toBe(200)
    expect(stored()[0]?.json.fields.message).toBe('Bonjour,\ndeux lignes.')
  })

  it('stores names composed (NFC): typed on macOS (NFD) they equal the same typed on Windows', async () => {
    const nfd = { name: 'Lefe\u0300vre', lastName: 'Zoe\u0308 He\u0301le\u0300ne' }
    const nfc = { name: 'Lef\u00e8vre', lastName: 'Zo\u00eb H\u00e9l\u00e8ne' }
    expect(nfd.name).not.toBe(nfc.name)
    const poste = 'Inge\u0301nieure me\u0301thodes'
    for (const values of [{ ...nfd, poste }, nfc]) {
      const body = multipart(careersFields({ ...values, message: 'Bonjour\u200b \u00a0' }))
      expect((await post('/api/inbox/general', body)).status).toBe(200)
    }
    const [first, second] = stored().map((s) => s.json.fields)
    expect(first).toEqual(second)
    expect(first).toMatchObject({
      ...nfc,
      poste: 'Ing\u00e9nieure m\u00e9thodes',
      message: 'Bonjour',
    })
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
      'a phone extension of 7 digits',
      '/api/inbox/contact',
      multipart(contactFields({ phone: '+216 71 234 567 poste 1234567' })),
      400,
      /Badly formed field\(s\): phone\./,
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
      multipart([...contactFields(), { name: 'file', value: pdf(400), filename: 'cv.pdf' }]),
      400,
      /no file/,
    ],
    [
      'two files',
      '/api/inbox/general',
      multipart([
        ...careersFields(),
        { name: 'file', value: pdf(400), filename: 'a.pdf' },
        { name: 'file', value: pdf(400), filename: 'b.pdf' },
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
    expect(readdirSync(inbox.dir)).toEqual([])
  })

  it('refuses a body that is not multipart', async () => {
    const answer = await post('/api/inbox/contact', Buffer.from('{}'), 'application/json')
    expect(answer.status).toBe(415)
    expect(readdirSync(inbox.dir)).toEqual([])
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
    expect(readdirSync(inbox.dir)).toEqual([])
  })

  it('answers 404 on an unknown endpoint and 405 on GET', async () => {
    expect((await post('/api/inbox/other', multipart(contactFields()))).status).toBe(404)
    const status = await new Promise<number>((resolve) =>
      request(`${inbox.base}/api/inbox/contact`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }).end(),
    )
    expect(status).toBe(405)
  })
})

describe('the captcha, when a secret is configured', () => {
  // A local stand-in for https://www.google.com/recaptcha/api/siteverify: real HTTP, real form body.
  let google: Server
  let answerWith: Record<string, unknown>
  let received: URLSearchParams[]
  beforeAll(async () => {
    google = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push(new URLSearchParams(Buffer.concat(chunks).toString()))
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answerWith))
      })
    })
    await new Promise<void>((done) => google.listen(0, '127.0.0.1', done))
  })
  afterAll(() => new Promise<void>((done) => google.close(() => done())))
  beforeEach(() => {
    received = []
    process.env.RECAPTCHA_SECRET = 'test-secret'
    process.env.RECAPTCHA_HOSTNAMES = 'www.transfo.example, transfo.example'
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(google.address() as AddressInfo).port}/siteverify`
  })
  afterEach(() => {
    delete process.env.RECAPTCHA_SECRET
    delete process.env.RECAPTCHA_HOSTNAMES
    delete process.env.RECAPTCHA_VERIFY_URL
  })

  it('stores the submission once Google accepts the token for a configured host', async () => {
    answerWith = { success: true, hostname: 'transfo.example' }
    expect((await post('/api/inbox/contact', multipart(contactFields()))).status).toBe(200)
    expect(received[0]?.get('response')).toBe('test-token')
    expect(received[0]?.get('secret')).toBe('test-secret')
    expect(received[0]?.get('remoteip')).toBe('127.0.0.1')
    expect(stored()[0]?.json.captcha).toBe('verified')
  })

  it.each([
    ['a token Google rejects', { success: false, hostname: 'www.transfo.example' }],
    ['a token solved on another site', { success: true, hostname: 'copycat.example' }],
    ['an answer without hostname', { success: true }],
    ['an answer without success', { hostname: 'www.transfo.example' }],
  ])('refuses %s', async (_, google) => {
    answerWith = google
    const answer = await post('/api/inbox/contact', multipart(contactFields()))
    expect(answer).toEqual({
      status: 400,
      body: { error: 'The captcha was not accepted.', fields: ['g-recaptcha-response'] },
    })
    expect(readdirSync(inbox.dir)).toEqual([])
  })

  it('refuses a missing token without asking Google', async () => {
    const missing = await post(
      '/api/inbox/contact',
      multipart(contactFields().filter((p) => p.name !== 'g-recaptcha-response')),
    )
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'The captcha was not completed.' },
    })
    expect(received).toEqual([])
    expect(readdirSync(inbox.dir)).toEqual([])
  })

  it('answers 502 without details when the verify endpoint cannot be reached', async () => {
    process.env.RECAPTCHA_VERIFY_URL = 'http://127.0.0.1:9/siteverify'
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = await post('/api/inbox/contact', multipart(contactFields()))
    quiet.mockRestore()
    expect(answer).toEqual({
      status: 502,
      body: { error: 'The captcha could not be verified. Please try again later.' },
    })
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
    expect(readdirSync(inbox.dir).filter((n) => n.startsWith('.'))).toEqual([])
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
