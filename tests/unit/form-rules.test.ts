import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { fileSizeText } from '../../templates/form/fileSize.ts'
import {
  fieldProblems,
  isBlank,
  isEmail,
  isPhone,
  malformedFields,
  missingFields,
  normalizeValue,
  TEXT_FIELDS,
} from '../../templates/form/rules.ts'
import { formBody } from '../../templates/form/send.ts'
import { contentKey, newSubmissionId, submissionIds } from '../../templates/form/submission.ts'
import { inboxUnderTest } from './inbox-helpers.ts'

// The form rules shared by the browser and the inbox (templates/form/rules.ts), the messages
// that name them, and the inbox enforcing them on real multipart posts.

const ZERO_WIDTH = '\u200B\u200C\u200D\u2060\uFEFF'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('e-mail format', () => {
  it.each([
    ['jeanne.dupont@example.com', true],
    ['j+devis@sub.example.co.tn', true],
    ['élodie@société.tn', true], // internationalised address
    ['  jane@example.com\u200B', true], // edges do not count
    ['abc', false],
    ['a@b', false], // no dot in the domain
    ['jane@example', false],
    ['jane doe@example.com', false],
    ['jane@@example.com', false],
    ['.jane@example.com', false],
    ['jane.@example.com', false],
    ['ja..ne@example.com', false],
    ['jane@-example.com', false],
    ['jane@example..com', false],
    ['@example.com', false],
  ])('%j -> %s', (value, ok) => expect(isEmail(value)).toBe(ok))
})

describe('phone format: digits, spaces, + - . ( ), 8 to 20 digits', () => {
  it.each([
    ['+216 70 000 099', true],
    ['(+216) 70.000-099', true],
    ['70000099', true], // 8 digits
    ['+216\u00A070\u00A0000\u00A0099', true], // no-break spaces, as some keyboards type
    ['12345678901234567890', true], // 20 digits
    ['7000009', false], // 7 digits
    ['123456789012345678901', false], // 21 digits
    ['abcdefgh', false],
    ['+216 7O 000 099', false], // letter O for zero
    ['+216/70/000/099', false],
  ])('%j -> %s', (value, ok) => expect(isPhone(value)).toBe(ok))
})

describe('phone extension: a French or English marker, then 1 to 6 digits not counted in the 8-20', () => {
  it.each([
    ['+216 71 234 567 poste 12', true],
    ['+216 71 234 567 Poste 12', true], // any case
    ['+216 71 234 567, poste 12', true],
    ['+216 71 234 567 p. 12', true],
    ['+216 71 234 567 p.12', true],
    ['+216 71 234 567 ext 12', true],
    ['+216 71 234 567 ext. 12', true],
    ['+216 71 234 567 EXT. 12', true],
    ['+216 71 234 567 ext: 12', true],
    ['+216 71 234 567 extension 12', true],
    ['+216 71 234 567 int. 12', true],
    ['+216 71 234 567 int 12', true],
    ['+216 71 234 567 x12', true],
    ['+216 71 234 567 X 12', true],
    ['71234567x12', true],
    ['+216 71 234 567 #12', true],
    ['(+216) 71.234-567 poste 4', true], // 1 digit
    ['+216 71 234 567 poste 123456', true], // 6 digits
    ['+216 71 234 567 poste 12', true], // no-break spaces
    ['12345678901234567890 x123456', true], // 20 digits then 6: 26 in all
    ['+216 71 234 567 poste 1234567', false], // 7 digits of extension
    ['+216 71 234 567 poste', false], // a marker without digits
    ['+216 71 234 567 poste 12a', false],
    ['1234567 poste 12', false], // 7 digits in the number itself: the extension does not make up for it
    ['123456789012345678901 x1', false], // 21 digits in the number
    ['poste 12345678', false], // no number before the extension
    ['x12345678', false],
    ['+216 71 234 567 ext 12 x3', false], // two extensions
    ['+216 71 234 567 p 12', false], // "p" without its dot reads as a typo, not as poste
    ['+216 71 234 567 tel 12', false], // not an extension marker
    ['+216 71 234 567 poste 12 puis 3', false],
  ])('%j -> %s', (value, ok) => expect(isPhone(value)).toBe(ok))
})

describe('visible content', () => {
  it.each([
    ['', true],
    ['   ', true],
    [ZERO_WIDTH, true],
    [` ${ZERO_WIDTH}\u00A0\u3164\u2800\t`, true], // Hangul filler, blank Braille
    ['\u200E\u200F', true], // direction marks
    ['a', false],
    [`${ZERO_WIDTH}Jo`, false],
    ['أمل', false], // Arabic letters are letters
  ])('%j blank: %s', (value, blank) => expect(isBlank(value)).toBe(blank))

  it('composes to NFC and drops invisible characters at both ends only', () => {
    expect(normalizeValue('\u200BJe\u0301ro\u0302me \u200D')).toBe('Jérôme')
    expect(normalizeValue('Jean\u200BPaul')).toBe('Jean\u200BPaul')
  })

  it('a name of zero-width characters is missing, like an empty one', () => {
    const values = {
      name: ZERO_WIDTH,
      lastName: '   ',
      email: 'a@b.co',
      phone: '70000099',
      message: 'x',
    }
    expect(missingFields('contact', values)).toEqual(['name', 'lastName'])
  })
})

describe('fieldProblems: one problem per field, in form order', () => {
  it('empty first, then badly formed; poste only on the careers form', () => {
    const values = {
      name: 'Dupont',
      lastName: ZERO_WIDTH,
      poste: '',
      email: 'abc',
      phone: 'lettres',
      message: 'Bonjour',
    }
    expect(fieldProblems('contact', values)).toEqual([
      ['lastName', 'required'],
      ['email', 'format'],
      ['phone', 'format'],
    ])
    expect(fieldProblems('careers', values)).toEqual([
      ['lastName', 'required'],
      ['poste', 'required'],
      ['email', 'format'],
      ['phone', 'format'],
    ])
    expect(malformedFields({ email: '', phone: ' ' })).toEqual([])
  })
})

describe('the messages name the field as its label does', () => {
  const strings = (lang: string) =>
    parse(readFileSync(new URL(`../../content/i18n/${lang}.yaml`, import.meta.url), 'utf8')).form
  // "Le nom", "L'e-mail": the message starts with the label after its article.
  const head = (message: string) => message.toLowerCase().replace(/^(le |la |les |l')/, '')

  it.each(['fr', 'en'])('%s: required and format messages start with the label', (lang) => {
    const { fields, errors } = strings(lang)
    for (const f of TEXT_FIELDS) expect(head(errors[f])).toMatch(new RegExp(`^${fields[f]}`, 'i'))
    expect(head(errors.emailFormat)).toMatch(new RegExp(`^${fields.email}`, 'i'))
    expect(head(errors.phoneFormat)).toMatch(new RegExp(`^${fields.phone}`, 'i'))
  })

  it('pins the English texts that used to follow the keys, not the labels', () => {
    const { fields, errors } = strings('en')
    expect([fields.name, errors.name]).toEqual(['Last name', 'Last name is required'])
    expect([fields.lastName, errors.lastName]).toEqual(['First name', 'First name is required'])
  })
})

describe('submission ids', () => {
  it('are UUIDs, made with crypto.randomUUID or, outside secure contexts, getRandomValues', () => {
    expect(newSubmissionId()).toMatch(UUID)
    // Plain http on a network address: no randomUUID (shadowed here by an own property).
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const ids = new Set(Array.from({ length: 50 }, newSubmissionId))
      expect(ids.size).toBe(50)
      for (const id of ids) expect(id).toMatch(UUID)
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID')
    }
    expect(typeof crypto.randomUUID).toBe('function')
  })

  it('are reused for the same filled form, renewed when it changes or after a success', () => {
    const values = {
      name: 'D',
      lastName: 'J',
      poste: '',
      email: 'a@b.co',
      phone: '1',
      message: 'm',
    }
    const ids = submissionIds()
    const first = ids.idFor(contentKey('contact', values, null))
    expect(ids.idFor(contentKey('contact', { ...values }, null))).toBe(first)
    const edited = ids.idFor(contentKey('contact', { ...values, message: 'm2' }, null))
    expect(edited).not.toBe(first)
    ids.done()
    expect(ids.idFor(contentKey('contact', { ...values, message: 'm2' }, null))).not.toBe(edited)
  })

  it('travel in the multipart body with the NFC, edge-trimmed values', () => {
    const values = {
      name: ' Dupont\u200B',
      lastName: 'Ame\u0301lie',
      poste: 'ignored',
      email: 'a@b.co',
      phone: '70000099',
      message: 'm',
    }
    const body = formBody('contact', values, null, 'token', 'the-id')
    expect(body.get('submissionId')).toBe('the-id')
    expect(body.get('name')).toBe('Dupont')
    expect(body.get('lastName')).toBe('Amélie')
    expect(body.get('poste')).toBe('')
  })
})

describe('file sizes in the page language', () => {
  it.each([
    [512, 'fr', '512 octets'],
    [122_880, 'fr', '120 ko'],
    [1_048_576, 'fr', '1 Mo'],
    [512, 'en', '512 bytes'],
    [122_880, 'en', '120 kB'],
    [1_048_576, 'en', '1 MB'],
  ])('%d bytes in %s: %s', (bytes, lang, text) =>
    expect(fileSizeText(bytes, lang).replace(/\s/g, ' ')).toBe(text),
  )
})

describe('the inbox enforces the same rules on real multipart posts', () => {
  const inbox = inboxUnderTest('form-rules-test-')

  /** Posts the form as a browser does: FormData, encoded as multipart by fetch. */
  async function send(over: Record<string, string>) {
    const body = new FormData()
    const fields = {
      name: 'Dupont',
      lastName: 'Jeanne',
      poste: '',
      email: 'jeanne@example.com',
      phone: '+216 70 000 099',
      message: 'Bonjour, un devis svp.',
      action: 'sendEmail',
      'g-recaptcha-response': 'test-token',
      form: 'contact',
      submissionId: crypto.randomUUID(),
      ...over,
    }
    for (const [k, v] of Object.entries(fields)) body.append(k, v)
    const response = await fetch(`${inbox.base}/api/inbox/contact`, { method: 'POST', body })
    return { status: response.status, body: (await response.json()) as { fields?: string[] } }
  }
  const storedCount = () => readdirSync(inbox.dir).filter((n) => !n.startsWith('.')).length

  it.each([
    ['an e-mail without @', { email: 'abc' }, ['email']],
    ['a phone number of letters', { phone: 'abcdefgh' }, ['phone']],
    ['a phone number too short', { phone: '12 34' }, ['phone']],
    ['both', { email: 'jeanne@', phone: 'call me' }, ['email', 'phone']],
    ['a name of zero-width characters', { name: ZERO_WIDTH }, ['name']],
    ['a message of spaces and joiners', { message: ` \u200D\u2060 \n` }, ['message']],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, over, fields) => {
    const answer = await send(over)
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toEqual(fields)
    expect(storedCount()).toBe(0)
  })

  it('accepts what the browser accepts: a decomposed accent, brackets, dots', async () => {
    const answer = await send({ lastName: 'Ame\u0301lie', phone: '(+216) 70.000-099' })
    expect(answer.status).toBe(200)
    expect(storedCount()).toBe(1)
  })
})
