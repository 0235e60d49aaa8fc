import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  acceptsFile,
  type FileProblem,
  type FormValues,
  type FormVariant,
  fileProblem,
  malformedFields,
  missingFields,
  normalizeValue,
  overlongFields,
  parseVariant,
  TEXT_FIELDS,
} from '../../../templates/form/rules.ts'
import { verifyCaptcha } from './captcha.ts'
import { InboxError, type ParsedForm, parseMultipart } from './parse.ts'
import { isSubmissionId, readSubmission, storeSubmission } from './store.ts'
import { forTerminal } from './terminal.ts'

/** The two endpoints of site.yaml `forms`: the contact page's and everyone else's. */
const ENDPOINTS = { contact: ['contact'], general: ['plain', 'embedded', 'careers'] } as const
type Endpoint = keyof typeof ENDPOINTS

/**
 * The local form inbox at /api/inbox/contact and /api/inbox/general: applies the browser's rules
 * again, stores each accepted submission atomically, answers `{ data: { name } }`. Bad input gets
 * a 4xx with `{ error }` and nothing is stored. A repeated `submissionId` (a browser retry) gets
 * the same success and stores nothing. Any other failure answers a generic 500; the details
 * (paths included) go to the terminal only.
 */
export async function handleInbox(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const endpoint = endpointOf(req.url ?? '')
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST')
      throw new InboxError(405, 'Send the form with POST.')
    }
    const form = await parseMultipart(req)
    const { variant, fields } = checkSubmission(endpoint, form)
    const submissionId = submissionIdOf(form)
    await once(submissionId, async () => {
      // A retry of a stored submission: its captcha token was spent by the first try.
      if (submissionId && (await readSubmission(submissionId))) return
      const captcha = await verifyCaptcha(
        form.fields['g-recaptcha-response'],
        req.socket.remoteAddress,
      )
      const file = form.file && { originalName: form.file.filename, bytes: form.file.bytes }
      await storeSubmission(
        { endpoint, form: variant, fields, captcha },
        file,
        undefined,
        submissionId,
      )
    })
    // The name comes from this request (a retry carries the same content), never from storage.
    answer(res, 200, { data: { name: `${fields.lastName} ${fields.name}`.trim() } })
  } catch (error) {
    if (!(error instanceof InboxError)) {
      console.error(`inbox: ${req.method} ${forTerminal(req.url ?? '')} failed:`, error)
      answer(res, 500, { error: 'The submission could not be stored. Please try again later.' })
      return
    }
    if (error.status === 413) res.setHeader('connection', 'close')
    answer(res, error.status, {
      error: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    })
  }
}

/** The retry key of the form (CONTRACTS: a UUID); absent for a client that sends none. */
function submissionIdOf(form: ParsedForm): string | undefined {
  const id = form.fields.submissionId
  if (id === undefined || id === '') return undefined
  if (!isSubmissionId(id))
    throw new InboxError(400, 'The field "submissionId" must be a UUID.', ['submissionId'])
  return id.toLowerCase()
}

/** Submissions being handled, by submissionId: a concurrent duplicate waits for the first. */
const inFlight = new Map<string, Promise<void>>()

async function once(id: string | undefined, work: () => Promise<void>): Promise<void> {
  if (!id) return work()
  for (let earlier = inFlight.get(id); earlier; earlier = inFlight.get(id))
    await earlier.catch(() => undefined)
  const mine = work()
  inFlight.set(id, mine)
  try {
    await mine
  } finally {
    if (inFlight.get(id) === mine) inFlight.delete(id)
  }
}

/** The inbox's answer to each refused CV (the page shows its own words for the same problem). */
const FILE_REFUSALS: Record<FileProblem, [status: number, message: string]> = {
  fileType: [415, 'The file must be a PDF document.'],
  fileSize: [413, 'The file must not exceed 1 MB (1048576 bytes).'],
  fileDamaged: [415, 'The file is not a valid PDF document.'],
}

function endpointOf(url: string): Endpoint {
  const name = /^\/api\/inbox\/([^/?#]+)\/?(?:[?#].*)?$/.exec(url)?.[1]
  if (name === 'contact' || name === 'general') return name
  throw new InboxError(404, 'No such form endpoint: use /api/inbox/contact or /api/inbox/general.')
}

/** The same rules as the browser: variant, action, required and bounded fields, the PDF. */
function checkSubmission(
  endpoint: Endpoint,
  form: ParsedForm,
): { variant: FormVariant; fields: FormValues } {
  const declared = form.fields.form
  const variant = declared === undefined ? ENDPOINTS[endpoint][0] : parseVariant(declared)
  if (!variant || !(ENDPOINTS[endpoint] as readonly string[]).includes(variant))
    throw new InboxError(400, `The ${endpoint} endpoint does not take a "${declared}" form.`, [
      'form',
    ])
  if (form.fields.action !== 'sendEmail')
    throw new InboxError(400, 'The field "action" must be "sendEmail".', ['action'])
  const fields = Object.fromEntries(
    // Browsers send line breaks as CRLF (multipart encoding); store them as typed, LF. Then the
    // form's own cleaning (rules.ts): NFC, so a name typed on macOS (NFD) equals the same name
    // typed on Windows, and no invisible characters at either end.
    TEXT_FIELDS.map((f) => [f, normalizeValue((form.fields[f] ?? '').replace(/\r\n?/g, '\n'))]),
  ) as FormValues
  const missing = missingFields(variant, fields)
  if (missing.length)
    throw new InboxError(400, `Missing required field(s): ${missing.join(', ')}.`, missing)
  const overlong = overlongFields(fields)
  if (overlong.length)
    throw new InboxError(400, `Field(s) too long: ${overlong.join(', ')}.`, overlong)
  const malformed = malformedFields(fields) // e-mail and phone format: templates/form/rules.ts
  if (malformed.length)
    throw new InboxError(400, `Badly formed field(s): ${malformed.join(', ')}.`, malformed)
  if (form.file) {
    if (!acceptsFile(variant))
      throw new InboxError(400, `The ${variant} form takes no file.`, ['file'])
    // The browser's own check (templates/form/rules.ts): the same verdict on the same bytes.
    const problem = fileProblem(form.file.bytes, form.file.bytes.length)
    if (problem) {
      const [status, message] = FILE_REFUSALS[problem]
      throw new InboxError(status, message, ['file'])
    }
  }
  return { variant, fields }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end()
    return
  }
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  })
  res.end(JSON.stringify(body))
}
