import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, type Route, test } from '@playwright/test'
import { canonicalPaths, waitForEnhancement } from './helpers.ts'

// The contact and application forms as a visitor uses them, against the built site and the
// local inbox. Google's reCAPTCHA script is routed to a stand-in (fixtures/recaptcha-stub.js)
// that draws a checkbox, so the real react-google-recaptcha integration runs.
const STUB = fileURLToPath(new URL('./fixtures/recaptcha-stub.js', import.meta.url))
/** Where the served site's inbox stores submissions (the server's INBOX_DIR, default .inbox). */
const INBOX = resolve(process.env.INBOX_DIR ?? '.inbox')
const MB = 1_048_576

test.beforeEach(async ({ page }) => {
  await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
    route.fulfill({ path: STUB, contentType: 'text/javascript' }),
  )
})

const T = {
  fr: {
    labels: {
      name: 'Nom',
      lastName: 'Prénom',
      poste: 'Poste souhaité',
      email: 'E-mail',
      phone: 'Téléphone',
      message: 'Message',
    },
    errors: {
      name: 'Le nom est obligatoire',
      lastName: 'Le prénom est obligatoire',
      poste: 'Le poste souhaité est obligatoire',
      email: "L'e-mail est obligatoire",
      phone: 'Le téléphone est obligatoire',
      message: 'Le message est obligatoire',
    },
    emailFormat: "L'e-mail doit être une adresse valide, par exemple nom@exemple.com",
    phoneFormat:
      "Le téléphone doit compter de 8 à 20 chiffres (espaces, +, -, . et parenthèses acceptés), suivis du poste s'il y en a un, par exemple poste 12",
    choose: 'Choisir un fichier PDF',
    noFile: 'Aucun fichier choisi',
    remove: 'Retirer le fichier',
    consent: 'En envoyant ce formulaire, vous acceptez',
    privacyLink: 'politique de confidentialité',
    privacyPath: '/confidentialite',
    privacyNav: 'Confidentialité et mentions légales',
    fileType: 'Votre fichier doit être au format PDF.',
    fileSize: 'La taille du fichier ne doit pas dépasser 1 Mo.',
    fileDamaged:
      'Ce fichier PDF est incomplet ou endommagé. Enregistrez-le à nouveau, puis choisissez-le.',
    file: 'Votre CV (facultatif)',
    captchaRequired: "Cochez « Je ne suis pas un robot » avant l'envoi.",
    serverError: "Une erreur s'est produite lors de l'envoi du formulaire.",
    networkError: 'Une erreur est survenue : ',
    sending: 'Envoi en cours…',
  },
  en: {
    labels: {
      name: 'Last name',
      lastName: 'First name',
      poste: 'Position applied for',
      email: 'Email',
      phone: 'Phone',
      message: 'Message',
    },
    // The messages name each field as its label does (the spec's keys said "Last name" for
    // the field labelled "First name").
    errors: {
      name: 'Last name is required',
      lastName: 'First name is required',
      poste: 'Position applied for is required',
      email: 'Email is required',
      phone: 'Phone is required',
      message: 'Message is required',
    },
    emailFormat: 'Email must be a valid address, for example name@example.com',
    phoneFormat:
      'Phone must have 8 to 20 digits (spaces, +, -, . and brackets allowed), then the extension if any, for example ext. 12',
    choose: 'Choose a PDF file',
    noFile: 'No file chosen',
    remove: 'Remove the file',
    consent: 'By sending this form, you agree',
    privacyLink: 'privacy policy',
    privacyPath: '/en/privacy',
    privacyNav: 'Privacy and legal notice',
    fileType: 'Your file must be in PDF format.',
    fileSize: 'The file size must not exceed 1 MB.',
    fileDamaged: 'This PDF file is incomplete or damaged. Save it again, then choose it.',
    file: 'Your CV (optional)',
    captchaRequired: "Tick “I'm not a robot” before sending.",
    serverError: 'There was an error submitting the form.',
    networkError: 'An error occurred: ',
    sending: 'Sending…',
  },
} as const
type Lang = keyof typeof T
type Field = keyof (typeof T)['fr']['labels']

const field = (page: Page, lang: Lang, f: Field) =>
  page.getByRole('textbox', { name: T[lang].labels[f], exact: true })
const submit = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/**
 * The confirmation, once shown. Sending is a real post to the local inbox, which syncs every
 * file to disk before it answers (scripts/lib/inbox/store.ts), then the loader's 500 ms tail:
 * on a CI disk busy with the other worker a sync has taken a few hundred ms, so this waits
 * longer than the 5 s default (no speed is judged here). If it never comes, the failure says
 * what the form shows instead and how the inbox answered.
 */
async function confirmed(page: Page) {
  const confirmation = page.locator('.form-success')
  try {
    await expect(confirmation).toBeVisible({ timeout: 15_000 })
  } catch (error) {
    const seen = await page.evaluate(() => ({
      forms: [...document.querySelectorAll('.contact-form')].map(
        (f) =>
          `${f.getAttribute('data-phase')}: ${[...f.querySelectorAll('[role=alert]')].map((a) => a.textContent?.trim()).join(' / ')}`,
      ),
      posts: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.includes('/api/inbox/'))
        .map((r) => {
          const t = r as PerformanceResourceTiming
          return `${t.responseStatus} after ${Math.round(t.duration)} ms`
        }),
    }))
    throw new Error(
      `No confirmation. The form shows ${JSON.stringify(seen.forms)}; the inbox answered ${JSON.stringify(seen.posts)}`,
      { cause: error },
    )
  }
  return confirmation
}
/** Ticks the captcha, which loads once the visitor starts using the form (a first press in it). */
async function tickCaptcha(page: Page) {
  await page.locator('.contact-form form input:not([type=hidden])').first().click()
  await page.getByRole('checkbox', { name: "I'm not a robot" }).check()
}

/**
 * A well-formed PDF of exactly `size` bytes (the inbox parses header and trailer), its varied
 * content in a stream object so that a byte-for-byte comparison means something.
 */
function pdf(size: number, name = 'cv.pdf') {
  const build = (length: number) => {
    const data = Buffer.alloc(Math.max(0, length))
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + 7) % 251
    const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')]
    const offsets: number[] = []
    const at = () => parts.reduce((n, p) => n + p.length, 0)
    for (const obj of [
      '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
    ]) {
      offsets.push(at())
      parts.push(Buffer.from(obj, 'latin1'))
    }
    offsets.push(at())
    parts.push(Buffer.from(`3 0 obj\n<< /Length ${data.length} >>\nstream\n`, 'latin1'), data)
    parts.push(Buffer.from('\nendstream\nendobj\n', 'latin1'))
    const xref = at()
    const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
    parts.push(
      Buffer.from(
        `xref\n0 4\n0000000000 65535 f \n${entries}trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
        'latin1',
      ),
    )
    return Buffer.concat(parts)
  }
  let length = size - build(0).length
  while (length > 0 && build(length).length > size) length--
  const buffer = build(length)
  if (buffer.length !== size) throw new Error(`no PDF of exactly ${size} bytes`)
  return { name, mimeType: 'application/pdf', buffer }
}

function typed(lang: Lang, email: string) {
  return lang === 'fr'
    ? {
        name: 'Dupont',
        lastName: 'Jeanne',
        poste: 'Ingénieure méthodes',
        email,
        phone: '+216 70 000 099',
        message: 'Bonjour,\nje souhaite un devis pour deux transformateurs de 630 kVA.',
      }
    : {
        name: 'Doe',
        lastName: 'Jane',
        poste: 'Test engineer',
        email,
        phone: '+216 70 000 098',
        message: 'Hello,\nplease send a quotation for two 1000 kVA transformers.',
      }
}

async function fillForm(page: Page, lang: Lang, values: Record<Field, string>, fields: Field[]) {
  for (const f of fields) await field(page, lang, f).fill(values[f])
}

/** The stored submission with this e-mail, once the inbox has it. */
function storedWith(email: string) {
  for (const id of readdirSync(INBOX)) {
    if (id.startsWith('.')) continue
    const json = JSON.parse(readFileSync(join(INBOX, id, 'submission.json'), 'utf8'))
    if (json.fields.email === email) {
      const cv = json.file ? readFileSync(join(INBOX, id, 'cv.pdf')) : undefined
      return { json, cv }
    }
  }
  throw new Error(`no stored submission for ${email} in ${INBOX}`)
}

/** How many stored submissions carry this e-mail. */
function storedCount(email: string): number {
  return readdirSync(INBOX).filter((id) => {
    if (id.startsWith('.')) return false
    const json = JSON.parse(readFileSync(join(INBOX, id, 'submission.json'), 'utf8'))
    return json.fields.email === email
  }).length
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The submissionId of every form post the page makes, in order. */
function submissionIdsOf(page: Page): string[] {
  const ids: string[] = []
  page.on('request', (r) => {
    if (r.method() !== 'POST') return
    const body = r.postDataBuffer()?.toString('latin1') ?? ''
    const id = /name="submissionId"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1]
    if (id) ids.push(id)
  })
  return ids
}

/** Picks the CV and submits `presses` times in one task, before the picker's byte check answers. */
async function chooseCvAndSubmit(
  page: Page,
  cv: { name: string; buffer: Buffer },
  presses: number,
): Promise<void> {
  await page.getByLabel(T.en.file).evaluate(
    (input: HTMLInputElement, { name, base64, presses }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const chosen = new DataTransfer()
      chosen.items.add(new File([bytes], name, { type: 'application/pdf' }))
      input.files = chosen.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
      for (let i = 0; i < presses; i++) input.form?.requestSubmit()
    },
    { name: cv.name, base64: cv.buffer.toString('base64'), presses },
  )
}

const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

const CONTACT_FIELDS: Field[] = ['name', 'lastName', 'email', 'phone', 'message']
const CAREERS_FIELDS: Field[] = ['name', 'lastName', 'poste', 'email', 'phone', 'message']

test.describe('validation on submit', () => {
  for (const [lang, path, button] of [
    ['fr', '/carrieres', 'Postuler'],
    ['en', '/en/carriers', 'Apply'],
  ] as const) {
    test(`every required field says so, beside it and in a focused summary (${lang})`, async ({
      page,
    }) => {
      await page.goto(path)
      await tickCaptcha(page)
      await field(page, lang, 'name').fill('   ') // blank once trimmed
      await submit(page, button).click()
      const summary = page.getByRole('alert').filter({ has: page.getByRole('list') })
      await expect(summary).toBeFocused()
      for (const f of CAREERS_FIELDS) {
        const message = T[lang].errors[f]
        await expect(summary.getByRole('link', { name: message, exact: true })).toBeVisible()
        await expect(field(page, lang, f)).toHaveAccessibleDescription(message)
        await expect(field(page, lang, f)).toHaveAttribute('aria-invalid', 'true')
      }
      await expect(field(page, lang, 'message')).toHaveAttribute('rows', '7')
      // Each summary entry leads to its field.
      await summary.getByRole('link', { name: T[lang].errors.phone }).click()
      await expect(field(page, lang, 'phone')).toBeFocused()
      // Fixing a field and sending again leaves only the others.
      await field(page, lang, 'name').fill('Dupont')
      await submit(page, button).click()
      await expect(summary.getByRole('link')).toHaveCount(5)
      await expect(field(page, lang, 'name')).not.toHaveAttribute('aria-invalid', 'true')
    })
  }

  test('the contact form has no position field and does not ask for one', async ({ page }) => {
    await page.goto('/en/contact')
    await tickCaptcha(page)
    await submit(page, 'Send').click()
    const summary = page.getByRole('alert').filter({ has: page.getByRole('list') })
    await expect(summary.getByRole('link')).toHaveText(CONTACT_FIELDS.map((f) => T.en.errors[f]))
    await expect(field(page, 'en', 'poste')).toHaveCount(0)
  })
})

test.describe('the captcha gate', () => {
  test('Google is not contacted, nor its widget loaded, before the visitor starts using the form', async ({
    page,
  }) => {
    const google: string[] = []
    page.on('request', (r) => {
      if (/google\.com|gstatic\.com/.test(new URL(r.url()).hostname)) google.push(r.url())
    })
    // The site's own scripts that drive Google's widget (react-google-recaptcha): not part of
    // the form's hydration, they come when the captcha does.
    const widgetCode: string[] = []
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script' || new URL(r.url()).hostname !== '127.0.0.1')
        return
      if ((await r.text().catch(() => '')).includes('grecaptcha')) widgetCode.push(r.url())
    })
    await page.goto('/en/contact')
    await expect(field(page, 'en', 'name')).toBeVisible() // the form is live
    await expect(
      page.getByText(
        'The anti-spam check (Google reCAPTCHA) loads when you start filling in the form.',
      ),
    ).toBeVisible()
    await page.waitForLoadState('networkidle') // nothing more on its way
    expect(google).toEqual([])
    expect(widgetCode).toEqual([])
    // Keyboard users start it too: tab until the focus enters the form.
    const inForm = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('.contact-form form')))
    for (let i = 0; i < 80 && !(await inForm()); i++) await page.keyboard.press('Tab')
    expect(await inForm()).toBe(true)
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible()
    expect(google.length).toBeGreaterThan(0)
    await expect.poll(() => widgetCode.length).toBe(1)
  })

  test('the button is disabled until the captcha passes, then stays enabled', async ({ page }) => {
    let posts = 0
    page.on('request', (r) => {
      if (r.method() === 'POST') posts++
    })
    await page.goto('/en/form')
    await fillForm(page, 'en', typed('en', uniqueEmail('gate')), CONTACT_FIELDS)
    const button = submit(page, 'Send')
    await expect(button).toBeDisabled()
    await button.click({ force: true })
    const summary = page.getByRole('alert').filter({ has: page.getByRole('list') })
    await expect(summary.getByRole('link')).toHaveText([T.en.captchaRequired])
    expect(posts).toBe(0)
    const box = page.getByRole('checkbox', { name: "I'm not a robot" })
    await box.check()
    await expect(button).toBeEnabled()
    await box.uncheck() // the widget's expiry
    await expect(button).toBeEnabled()
  })

  test('a file error disables the button until a good file replaces it', async ({ page }) => {
    await page.goto('/en/carriers')
    await tickCaptcha(page)
    const button = submit(page, 'Apply')
    await expect(button).toBeEnabled()
    await page.getByLabel(T.en.file).setInputFiles(pdf(MB + 1))
    await expect(button).toBeDisabled()
    await page.getByLabel(T.en.file).setInputFiles(pdf(1000))
    await expect(button).toBeEnabled()
  })

  test('when the captcha script cannot load, the form says so and gives the address', async ({
    page,
  }) => {
    await page.unroute('https://www.google.com/recaptcha/api.js*')
    await page.route('https://www.google.com/**', (route) => route.abort('internetdisconnected'))
    await page.goto('/form')
    await field(page, 'fr', 'name').click()
    const notice = page.getByText("La vérification anti-spam n'a pas pu être chargée (hors ligne")
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('link', { name: 'contact@example.com' })).toHaveAttribute(
      'href',
      'mailto:contact@example.com',
    )
    await expect(submit(page, 'Envoyer')).toBeDisabled()
  })

  test('a captcha script that never answers is reported after 15 s', async ({ page }) => {
    await page.clock.install()
    await page.unroute('https://www.google.com/recaptcha/api.js*')
    // Loads, but never calls the page back (a half-blocked or stalled script).
    await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
      route.fulfill({ body: '/* stalled */', contentType: 'text/javascript' }),
    )
    await page.goto('/en/form')
    await field(page, 'en', 'name').click()
    await expect(page.getByText('Loading the anti-spam check…')).toBeVisible()
    await page.clock.runFor(15_000)
    await expect(page.getByText('The anti-spam check could not be loaded (offline')).toBeVisible()
    await expect(page.getByText('Loading the anti-spam check…')).toHaveCount(0)
  })
})

test.describe('the CV', () => {
  for (const [lang, path] of [
    ['fr', '/carrieres'],
    ['en', '/en/carriers'],
  ] as const) {
    test(`PDF only, 1 MB at most, a refused file is discarded (${lang})`, async ({ page }) => {
      await page.goto(path)
      // A file chosen before the island hydrates is never checked: wait until the form is live.
      await expect(page.locator('.contact-form')).toHaveAttribute('data-phase', 'editing')
      const input = page.getByLabel(T[lang].file)
      await expect(input).toHaveAttribute('accept', 'application/pdf,.pdf')
      const chosen = () => input.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)

      await input.setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      })
      await expect(input).toHaveAccessibleDescription(
        new RegExp(T[lang].fileType.replace('.', '\\.')),
      )
      expect(await chosen()).toBe(0)

      // A JPEG renamed .pdf is still refused: the bytes decide.
      await input.setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      })
      // Announced: the reason is an alert, not only red text.
      await expect(page.getByRole('alert').filter({ hasText: T[lang].fileType })).toBeVisible()
      expect(await chosen()).toBe(0)

      await input.setInputFiles(pdf(MB + 1))
      await expect(page.getByText(T[lang].fileSize, { exact: true })).toBeVisible()
      expect(await chosen()).toBe(0)

      await input.setInputFiles(pdf(MB))
      await expect(page.getByText(T[lang].fileSize, { exact: true })).toHaveCount(0)
      await expect(input).not.toHaveAttribute('aria-invalid', 'true')
      expect(await chosen()).toBe(1)
    })
  }
  for (const lang of ['fr', 'en'] as const) {
    test(`a truncated PDF is refused next to the field, what was typed stays (${lang})`, async ({
      page,
    }) => {
      // A PDF header and a body that stops short: the 5-byte signature alone would accept it,
      // the inbox would then refuse it after the upload (templates/form/pdf.ts, both sides).
      const whole = pdf(5000, 'cv-coupe.pdf')
      const truncated = { ...whole, buffer: whole.buffer.subarray(0, 3000) }
      const values = typed(lang, uniqueEmail('truncated'))
      await page.goto(lang === 'fr' ? '/carrieres' : '/en/carriers')
      await fillForm(page, lang, values, CAREERS_FIELDS)
      const input = page.getByLabel(T[lang].file)
      await input.setInputFiles(truncated)
      const message = page.locator('.field-file .field-error')
      await expect(message).toHaveText(T[lang].fileDamaged)
      await expect(message).toHaveRole('alert')
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(input).toHaveAccessibleDescription(new RegExp(T[lang].fileDamaged))
      expect(await input.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0)
      for (const f of CAREERS_FIELDS) await expect(field(page, lang, f)).toHaveValue(values[f])
      // The whole file is accepted, and the message goes.
      await input.setInputFiles(whole)
      await expect(message).toBeHidden()
      await expect(input).not.toHaveAttribute('aria-invalid', 'true')
    })
  }
})

test.describe('sending', () => {
  test('a French contact request is confirmed with the name and stored as typed', async ({
    page,
  }) => {
    const values = typed('fr', uniqueEmail('contact-fr'))
    await page.goto('/nouscontacter')
    await fillForm(page, 'fr', values, CONTACT_FIELDS)
    await tickCaptcha(page)
    await submit(page, 'Envoyer').click()
    const confirmation = await confirmed(page)
    await expect(confirmation).toBeFocused()
    await expect(confirmation).toContainText('Formulaire envoyé avec succès !')
    await expect(confirmation).toContainText('Merci pour votre confiance, Jeanne Dupont.')
    await expect(confirmation).toContainText(
      'Nous avons bien reçu votre demande et vous recevrez une réponse très bientôt.',
    )
    const { json } = storedWith(values.email)
    expect(json).toMatchObject({ endpoint: 'contact', form: 'contact', file: null })
    expect(json.fields).toEqual({ ...values, poste: '' })
  })

  test('an English application with a 1 MB CV is confirmed and stored byte for byte', async ({
    page,
  }) => {
    const values = typed('en', uniqueEmail('careers-en'))
    const cv = pdf(MB, 'my-cv.pdf')
    await page.goto('/en/carriers')
    await fillForm(page, 'en', values, CAREERS_FIELDS)
    await page.getByLabel(T.en.file).setInputFiles(cv)
    await tickCaptcha(page)
    await submit(page, 'Apply').click()
    const confirmation = await confirmed(page)
    await expect(confirmation).toContainText('Thank you for your confidence, Jane Doe.')
    await expect(confirmation).toContainText(
      'We have received your request and you will receive a reply shortly.',
    )
    const stored = storedWith(values.email)
    expect(stored.json).toMatchObject({ endpoint: 'general', form: 'careers' })
    expect(stored.json.fields).toEqual(values)
    expect(stored.json.file).toMatchObject({ originalName: 'my-cv.pdf', bytes: MB })
    expect(stored.cv?.equals(cv.buffer)).toBe(true)
  })

  test('the English plain form promises a reply very shortly', async ({ page }) => {
    const values = typed('en', uniqueEmail('plain-en'))
    await page.goto('/en/form')
    await fillForm(page, 'en', values, CONTACT_FIELDS)
    await tickCaptcha(page)
    await submit(page, 'Send').click()
    await confirmed(page)
    await expect(page.locator('.form-success')).toContainText(
      'Thank you for your confidence, Jane Doe.',
    )
    await expect(page.locator('.form-success')).toContainText(
      'We have received your request and you will receive a reply very shortly.',
    )
    expect(storedWith(values.email).json).toMatchObject({ endpoint: 'general', form: 'plain' })
  })

  test('the multipart call carries the contract fields and goes to the right endpoint', async ({
    page,
  }) => {
    const values = typed('fr', uniqueEmail('call'))
    await page.goto('/contact')
    await fillForm(page, 'fr', values, CONTACT_FIELDS)
    await tickCaptcha(page)
    const request = page.waitForRequest((r) => r.method() === 'POST')
    await submit(page, 'Envoyer').click()
    const sent = await request
    expect(new URL(sent.url()).pathname).toBe('/api/inbox/contact')
    expect(sent.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    const body = sent.postData() ?? ''
    const part = (name: string) =>
      new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1]
    expect(part('action')).toBe('sendEmail')
    expect(part('poste')).toBe('')
    expect(part('name')).toBe('Dupont')
    expect(part('g-recaptcha-response')).toMatch(/^stub-token-/)
    expect(part('submissionId')).toMatch(UUID)
    expect(body).not.toContain('name="file"')
    await confirmed(page)
  })
})

test.describe('what the fields show is what is judged and sent', () => {
  // The browser restores a form's values while it parses the page (back, reload): before the
  // island hydrates, without an input event. React 19 keeps them on the screen and its state
  // never hears of them, so the submit must read the fields, not the state.
  for (const [lang, path, button, fields] of [
    ['fr', '/form', 'Envoyer', CONTACT_FIELDS],
    ['en', '/en/carriers', 'Apply', CAREERS_FIELDS],
  ] as const) {
    test(`values restored before the form is live are sent as shown (${lang} ${path})`, async ({
      page,
    }) => {
      const values = typed(lang, uniqueEmail(`restored-${lang}`))
      const restored = Object.fromEntries(fields.map((f) => [f, values[f]]))
      // readyState "interactive": parsing is over, no module script (the hydration) has run yet.
      await page.addInitScript((restored: Record<string, string>) => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return
          for (const [name, value] of Object.entries(restored)) {
            const input = document.querySelector(`.contact-form [name="${name}"]`)
            if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)
              input.value = value
          }
        })
      }, restored)
      await page.goto(path)
      for (const f of fields) await expect(field(page, lang, f)).toHaveValue(values[f])
      await tickCaptcha(page)
      await submit(page, button).click()
      await confirmed(page)
      expect(storedWith(values.email).json.fields).toEqual({
        ...values,
        poste: lang === 'en' ? values.poste : '', // only the careers form has the field
      })
    })
  }

  test('a value a script writes without an input event is sent as shown', async ({ page }) => {
    const values = typed('en', uniqueEmail('scripted'))
    await page.goto('/en/form')
    await fillForm(page, 'en', values, ['name', 'lastName', 'email', 'message'])
    // A password manager or an autofill script that sets the value and fires no event.
    await field(page, 'en', 'phone').evaluate((input: HTMLInputElement, phone) => {
      input.value = phone
    }, values.phone)
    await tickCaptcha(page)
    await submit(page, 'Send').click()
    await confirmed(page)
    expect(storedWith(values.email).json.fields.phone).toBe(values.phone)
  })

  test('a CV chosen just before the submit is sent with the application', async ({ page }) => {
    const values = typed('en', uniqueEmail('cv-at-once'))
    const cv = pdf(MB, 'my-cv.pdf')
    await page.goto('/en/carriers')
    await fillForm(page, 'en', values, CAREERS_FIELDS)
    await tickCaptcha(page)
    // Chosen and sent in one task: the picker's own check of the bytes has not answered yet.
    await chooseCvAndSubmit(page, cv, 1)
    await confirmed(page)
    const stored = storedWith(values.email)
    expect(stored.json.file).toMatchObject({ originalName: 'my-cv.pdf', bytes: MB })
    expect(stored.cv?.equals(cv.buffer)).toBe(true)
  })

  test('a second press while the CV is still being checked sends nothing more', async ({
    page,
  }) => {
    const values = typed('en', uniqueEmail('cv-twice'))
    const cv = pdf(MB, 'my-cv.pdf')
    const ids = submissionIdsOf(page)
    await page.goto('/en/carriers')
    await fillForm(page, 'en', values, CAREERS_FIELDS)
    await tickCaptcha(page)
    // Chosen, then submitted twice in the same task: the first submit is still awaiting the
    // check of the CV's bytes when the second arrives.
    await chooseCvAndSubmit(page, cv, 2)
    await confirmed(page)
    expect(ids).toHaveLength(1)
    expect(storedWith(values.email).cv?.equals(cv.buffer)).toBe(true)
  })
})

test.describe('failures keep what was typed', () => {
  const failures: [string, (route: Route) => Promise<void>, Lang, string | RegExp][] = [
    ['a 500 answer', (r) => r.fulfill({ status: 500, body: 'boom' }), 'en', T.en.serverError],
    ['a 500 answer', (r) => r.fulfill({ status: 500, body: 'boom' }), 'fr', T.fr.serverError],
    ['a dropped connection', (r) => r.abort('connectionreset'), 'en', /^An error occurred: \S.+/],
    [
      'a dropped connection',
      (r) => r.abort('connectionreset'),
      'fr',
      /^Une erreur est survenue : \S.+/,
    ],
  ]
  for (const [what, answer, lang, message] of failures) {
    test(`${what} (${lang})`, async ({ page }) => {
      const values = typed(lang, uniqueEmail('fail'))
      const cv = pdf(5000)
      const ids = submissionIdsOf(page)
      await page.route('**/api/inbox/**', answer)
      await page.goto(lang === 'fr' ? '/carrieres' : '/en/carriers')
      await fillForm(page, lang, values, CAREERS_FIELDS)
      await page.getByLabel(T[lang].file).setInputFiles(cv)
      await tickCaptcha(page)
      await submit(page, lang === 'fr' ? 'Postuler' : 'Apply').click()
      const alert = page.locator('.form-message')
      await expect(alert).toHaveText(message)
      await expect(alert).toBeFocused()
      for (const f of CAREERS_FIELDS) await expect(field(page, lang, f)).toHaveValue(values[f])
      const file = await page
        .getByLabel(T[lang].file)
        .evaluate((el: HTMLInputElement) => el.files?.[0]?.size)
      expect(file).toBe(5000)
      // The visitor can simply send again once the server is back.
      await page.unroute('**/api/inbox/**')
      await submit(page, lang === 'fr' ? 'Postuler' : 'Apply').click()
      await confirmed(page)
      expect(storedWith(values.email).cv?.equals(cv.buffer)).toBe(true)
      // The retry of the same content is the same submission for the inbox.
      expect(ids).toHaveLength(2)
      expect(ids[0]).toMatch(UUID)
      expect(ids[1]).toBe(ids[0])
    })
  }
})

test.describe('retries', () => {
  test('an answer lost on the way: the retry is the same submission, stored once', async ({
    page,
  }) => {
    const values = typed('fr', uniqueEmail('lost-answer'))
    const ids = submissionIdsOf(page)
    // The first post reaches the inbox (and is stored), but its answer never reaches the page.
    await page.route('**/api/inbox/**', async (route) => {
      await route.fetch()
      await route.abort('connectionreset')
    })
    await page.goto('/form')
    await fillForm(page, 'fr', values, CONTACT_FIELDS)
    await tickCaptcha(page)
    await submit(page, 'Envoyer').click()
    await expect(page.locator('.form-message')).toHaveText(/^Une erreur est survenue : /)
    expect(storedCount(values.email)).toBe(1)
    await page.unroute('**/api/inbox/**')
    await submit(page, 'Envoyer').click()
    await expect(page.locator('.form-success')).toContainText('Jeanne Dupont')
    expect(ids).toHaveLength(2)
    expect(ids[1]).toBe(ids[0])
    expect(storedCount(values.email)).toBe(1)
  })

  test('content changed after a failure is a new submission', async ({ page }) => {
    const values = typed('en', uniqueEmail('retry'))
    const ids = submissionIdsOf(page)
    await page.route('**/api/inbox/**', (r) => r.abort('connectionreset'))
    await page.goto('/en/form')
    await fillForm(page, 'en', values, CONTACT_FIELDS)
    await tickCaptcha(page)
    await submit(page, 'Send').click()
    await expect(page.locator('.form-message')).toHaveText(/^An error occurred: /)
    await submit(page, 'Send').click() // the same content again
    await expect.poll(() => ids.length).toBe(2)
    await expect(page.locator('.form-message')).toHaveText(/^An error occurred: /)
    await field(page, 'en', 'message').fill(`${values.message} Urgent.`)
    await page.unroute('**/api/inbox/**')
    await submit(page, 'Send').click()
    await confirmed(page)
    expect(ids).toHaveLength(3)
    expect(ids[1]).toBe(ids[0])
    expect(ids[2]).not.toBe(ids[0])
    expect(storedWith(values.email).json.fields.message).toBe(`${values.message} Urgent.`)
  })
})

test.describe('typed fields and format checks', () => {
  test('inputs are typed for the keyboard and autofill', async ({ page }) => {
    await page.goto('/en/carriers')
    const expected: [Field, string, string, string | null][] = [
      ['name', 'text', 'family-name', null],
      ['lastName', 'text', 'given-name', null],
      ['poste', 'text', 'organization-title', null],
      ['email', 'email', 'email', 'email'],
      ['phone', 'tel', 'tel', 'tel'],
    ]
    for (const [f, type, autocomplete, inputmode] of expected) {
      const input = field(page, 'en', f)
      await expect(input).toHaveAttribute('type', type)
      await expect(input).toHaveAttribute('autocomplete', autocomplete)
      if (inputmode) await expect(input).toHaveAttribute('inputmode', inputmode)
    }
    // The form checks formats itself, so that every message lands in its one summary.
    await expect(page.locator('#apply form')).toHaveAttribute('novalidate', '')
  })

  for (const [lang, path, button] of [
    ['fr', '/form', 'Envoyer'],
    ['en', '/en/form', 'Send'],
  ] as const) {
    test(`an e-mail "abc" and a phone of letters get a message and are not sent (${lang})`, async ({
      page,
    }) => {
      let posts = 0
      page.on('request', (r) => {
        if (r.method() === 'POST') posts++
      })
      const values = typed(lang, uniqueEmail(`format-${lang}`))
      await page.goto(path)
      await fillForm(page, lang, { ...values, email: 'abc', phone: 'abcdefgh' }, CONTACT_FIELDS)
      await tickCaptcha(page)
      await submit(page, button).click()
      const summary = page.getByRole('alert').filter({ has: page.getByRole('list') })
      await expect(summary).toBeFocused()
      await expect(summary.getByRole('link')).toHaveText([T[lang].emailFormat, T[lang].phoneFormat])
      await expect(field(page, lang, 'email')).toHaveAccessibleDescription(T[lang].emailFormat)
      await expect(field(page, lang, 'phone')).toHaveAccessibleDescription(T[lang].phoneFormat)
      await expect(field(page, lang, 'phone')).toHaveAttribute('aria-invalid', 'true')
      // Too few digits is still not a phone number.
      await field(page, lang, 'email').fill(values.email)
      await field(page, lang, 'phone').fill('12 34 56')
      await submit(page, button).click()
      await expect(summary.getByRole('link')).toHaveText([T[lang].phoneFormat])
      expect(posts).toBe(0)
      await field(page, lang, 'phone').fill('(+216) 70.000-097')
      await submit(page, button).click()
      await confirmed(page)
      expect(storedWith(values.email).json.fields.phone).toBe('(+216) 70.000-097')
    })
  }

  for (const [lang, path, button, phone] of [
    ['fr', '/contact', 'Envoyer', '+216 71 234 567 poste 12'],
    ['en', '/en/contact', 'Send', '+216 71 234 567 ext. 12'],
  ] as const) {
    test(`a phone number with its extension is sent and stored as typed (${lang})`, async ({
      page,
    }) => {
      const values = typed(lang, uniqueEmail(`extension-${lang}`))
      await page.goto(path)
      await fillForm(page, lang, { ...values, phone }, CONTACT_FIELDS)
      await tickCaptcha(page)
      await submit(page, button).click()
      await confirmed(page)
      expect(storedWith(values.email).json.fields.phone).toBe(phone)
    })
  }

  test('a name made only of zero-width characters is missing', async ({ page }) => {
    let posts = 0
    page.on('request', (r) => {
      if (r.method() === 'POST') posts++
    })
    await page.goto('/en/contact')
    const values = typed('en', uniqueEmail('zero-width'))
    await fillForm(page, 'en', { ...values, name: '\u200B\u200D\u2060\uFEFF' }, CONTACT_FIELDS)
    await tickCaptcha(page)
    await submit(page, 'Send').click()
    const summary = page.getByRole('alert').filter({ has: page.getByRole('list') })
    await expect(summary.getByRole('link')).toHaveText([T.en.errors.name])
    await expect(field(page, 'en', 'name')).toHaveAccessibleDescription('Last name is required')
    expect(posts).toBe(0)
  })
})

test.describe('the CV picker', () => {
  for (const [lang, path, name, chosen] of [
    ['fr', '/carrieres', 'mon-cv.pdf', /Fichier choisi : mon-cv\.pdf, 120\sko/],
    ['en', '/en/carriers', 'my-cv.pdf', /Chosen file: my-cv\.pdf, 120\skB/],
  ] as const) {
    test(`a button, the chosen file's name and size, and a way to remove it (${lang})`, async ({
      page,
    }) => {
      const chooser = page.waitForEvent('filechooser') // listening before the click (see below)
      await page.goto(path)
      const input = page.getByLabel(T[lang].file)
      const button = page.getByText(T[lang].choose, { exact: true })
      const shown = page.locator('.file-chosen')
      await expect(button).toBeVisible()
      await expect(shown).toHaveText(T[lang].noFile)
      await expect(input).toHaveAccessibleDescription(new RegExp(T[lang].noFile))
      // The real input lies over the styled button: a click on the button opens the picker.
      expect(await input.boundingBox()).toEqual(await button.boundingBox())
      await button.scrollIntoViewIfNeeded()
      const box = await button.boundingBox()
      await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + 5)
      await (await chooser).setFiles(pdf(120 * 1024, name))
      await expect(shown).toHaveText(chosen)
      await expect(input).toHaveAccessibleDescription(chosen)
      await page.getByRole('button', { name: T[lang].remove, exact: true }).click()
      await expect(shown).toHaveText(T[lang].noFile)
      await expect(input).toBeFocused()
      expect(await input.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0)
      await expect(page.getByRole('button', { name: T[lang].remove })).toHaveCount(0)
    })
  }

  test('keyboard: Tab reaches the picker, which shows its focus, and Space opens it', async ({
    page,
  }) => {
    // Listening before anything else: Playwright intercepts the picker only once it listens.
    const chooser = page.waitForEvent('filechooser')
    await page.goto('/en/carriers')
    await field(page, 'en', 'message').focus()
    await page.keyboard.press('Tab')
    const input = page.getByLabel(T.en.file)
    await expect(input).toBeFocused()
    const outline = await page
      .getByText(T.en.choose, { exact: true })
      .evaluate((b) => getComputedStyle(b).outlineStyle)
    expect(outline).toBe('solid')
    await page.keyboard.press('Space')
    await (await chooser).setFiles(pdf(2048, 'keyboard.pdf'))
    await expect(page.locator('.file-chosen')).toHaveText(/^Chosen file: keyboard\.pdf, 2\skB$/)
  })
})

test.describe('the privacy notice', () => {
  for (const [lang, path] of [
    ['fr', '/contact'],
    ['fr', '/carrieres'],
    ['en', '/en/contact'],
    ['en', '/en/carriers'],
  ] as const) {
    test(`is linked right before the submit button on ${path}`, async ({ page }) => {
      await page.goto(path)
      const consent = page.locator('.form-consent')
      await expect(consent).toContainText(T[lang].consent)
      const link = consent.getByRole('link', { name: T[lang].privacyLink, exact: true })
      await expect(link).toHaveAttribute('href', T[lang].privacyPath)
      // Next to the button: the line directly before it, close above it.
      const button = page.locator('.contact-form button[type="submit"]')
      expect(
        await consent.evaluate(
          (p) => p.nextElementSibling?.querySelector('button[type="submit"]') !== null,
        ),
      ).toBe(true)
      const [c, b] = [await consent.boundingBox(), await button.boundingBox()]
      expect((b?.y ?? 0) - ((c?.y ?? 0) + (c?.height ?? 0))).toBeLessThan(40)
      await link.click()
      await expect(page).toHaveURL(new RegExp(`${T[lang].privacyPath}$`))
    })
  }

  test('every footer links it, in the page language', async ({ request }) => {
    const pages = [
      ...canonicalPaths.map((p) => ({ path: p.path, lang: p.lang })),
      { path: '/no-such-page', lang: 'fr' as const },
      { path: '/en/no-such-page', lang: 'en' as const },
    ]
    for (const { path, lang } of pages) {
      const html = await (await request.get(path)).text()
      const footer = html.slice(html.indexOf('<footer'))
      expect(footer, path).toContain(`<a href="${T[lang].privacyPath}">${T[lang].privacyNav}</a>`)
    }
  })

  for (const [lang, path, other, h1, expectations] of [
    [
      'fr',
      '/confidentialite',
      '/en/privacy',
      'Confidentialité et mentions légales',
      [
        'Les données que nous collectons',
        'Combien de temps nous les gardons',
        'Vos droits',
        'loi organique n° 2004-63 du 27 juillet 2004',
        'RGPD',
        'INPDP',
        '90 jours au plus',
        'CV au format PDF',
      ],
    ],
    [
      'en',
      '/en/privacy',
      '/confidentialite',
      'Privacy and legal notice',
      [
        'The data we collect',
        'How long we keep it',
        'Your rights',
        'Organic Law no. 2004-63 of 27 July 2004',
        'GDPR',
        'INPDP',
        'at most 90 days',
        'your CV as a PDF',
      ],
    ],
  ] as const) {
    test(`the page says who, what, why, where, how long, rights and reCAPTCHA (${lang})`, async ({
      page,
    }) => {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
      const main = page.locator('main')
      for (const text of expectations) await expect(main).toContainText(text)
      await expect(main.getByRole('link', { name: 'contact@example.com' })).toHaveAttribute(
        'href',
        'mailto:contact@example.com',
      )
      const google = main.locator('a[href^="https://policies.google.com/"]')
      expect(
        await google.evaluateAll((as) =>
          as.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
        ),
      ).toEqual(['/privacy', '/terms'])
      const otherLang = lang === 'fr' ? 'en' : 'fr'
      await expect(page.locator(`link[rel="alternate"][hreflang="${otherLang}"]`)).toHaveAttribute(
        'href',
        new RegExp(`${other}$`),
      )
    })
  }
})

test.describe('timing', () => {
  test('the contact form shows after 200 ms; the loader ends 500 ms after the answer', async ({
    page,
  }) => {
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1000)
    let release: () => void = () => {}
    await page.route('**/api/inbox/**', async (route) => {
      await new Promise<void>((done) => {
        release = done
      })
      await route.fulfill({ json: { data: { name: 'Jane Doe' } } })
    })
    await page.goto('/en/contact')
    // The form hydrates when near the view (templates/lib/hydration.ts), or at once on an
    // interaction, which is what the helper does (no timers: the clock is paused).
    await waitForEnhancement(page)
    const form = page.locator('[data-island="ContactForm"] > .contact-form')
    await expect(form).toHaveAttribute('data-phase', 'waiting')
    await page.clock.runFor(199)
    await expect(form).toHaveAttribute('data-phase', 'waiting')
    await page.clock.runFor(1)
    await expect(form).toHaveAttribute('data-phase', 'editing')

    await fillForm(page, 'en', typed('en', uniqueEmail('timing')), CONTACT_FIELDS)
    // The captcha is drawn once Google's script (the stub) calls its onload, which it does in a
    // setTimeout as Google's does: with the clock paused, move it on until the box is there.
    const robot = page.getByRole('checkbox', { name: "I'm not a robot" })
    await expect
      .poll(async () => {
        await page.clock.runFor(1)
        return robot.count()
      })
      .toBe(1)
    await robot.check()
    await submit(page, 'Send').click()
    const loader = page.getByRole('status')
    await expect(loader).toHaveText(T.en.sending)
    await expect(field(page, 'en', 'name')).toBeHidden()
    release()
    // The call is over: from here the loader stays exactly 500 ms (the clock is paused).
    await expect(form).toHaveAttribute('data-phase', 'finishing')
    await page.clock.runFor(499)
    await expect(loader).toHaveText(T.en.sending)
    await page.clock.runFor(1)
    await expect(page.locator('.form-success')).toContainText(
      'Thank you for your confidence, Jane Doe.',
    )
  })
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })
  test('the form section gives the e-mail address and phone number instead', async ({ page }) => {
    await page.goto('/en/contact')
    const section = page.locator('#form')
    await expect(section).toContainText('This form needs JavaScript')
    await expect(section.getByRole('link', { name: 'contact@example.com' })).toHaveAttribute(
      'href',
      'mailto:contact@example.com',
    )
    await expect(section.getByRole('link', { name: '+216 70 000 000' })).toHaveAttribute(
      'href',
      'tel:+21670000000',
    )
    await expect(section.getByRole('textbox')).toHaveCount(0)
    await expect(section.getByRole('button')).toHaveCount(0)
  })
})
