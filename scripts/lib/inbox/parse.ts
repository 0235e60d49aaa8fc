import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { FIELD_MAX_LENGTH, MAX_FILE_BYTES, TEXT_FIELDS } from '../../../templates/form/rules.ts'

/** What a form post carries once parsed: its text fields and at most one file. */
export type ParsedForm = {
  fields: Record<string, string>
  file?: { filename: string; mimeType: string; bytes: Buffer }
}

/** A refusal with the HTTP status the inbox answers. */
export class InboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: string[],
  ) {
    super(message)
  }
}

/** Fields the form sends besides its text fields (spec section 7, design §7, CONTRACTS). */
const EXTRA_FIELDS = ['action', 'form', 'g-recaptcha-response', 'submissionId']
const KNOWN_FIELDS = new Set<string>([...TEXT_FIELDS, ...EXTRA_FIELDS])
/** Bytes a single field may take: the longest text limit at 4 bytes per character. */
const MAX_FIELD_BYTES = Math.max(...Object.values(FIELD_MAX_LENGTH)) * 4
/** The whole body: the largest file plus room for the text fields and multipart framing. */
export const MAX_BODY_BYTES = MAX_FILE_BYTES + 64 * 1024

/**
 * Reads a multipart/form-data request with busboy, within limits on each field, on the file
 * and on the whole body. Rejects with an InboxError (4xx) on anything malformed or too large.
 */
export function parseMultipart(req: IncomingMessage): Promise<ParsedForm> {
  const type = req.headers['content-type'] ?? ''
  if (!/^multipart\/form-data\s*;/i.test(type))
    return Promise.reject(new InboxError(415, 'Expected a multipart/form-data body.'))
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > MAX_BODY_BYTES)
    return Promise.reject(new InboxError(413, 'The request body is too large.'))

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fieldNameSize: 100,
          // busboy signals a limit on reaching it, not on exceeding it: hence the + 1s.
          fieldSize: MAX_FIELD_BYTES + 1,
          fields: KNOWN_FIELDS.size + 1,
          files: 1,
          fileSize: MAX_FILE_BYTES + 1,
          parts: KNOWN_FIELDS.size + 2,
        },
      })
    } catch {
      reject(new InboxError(400, 'Malformed multipart body: no boundary.'))
      return
    }
    const form: ParsedForm = { fields: {} }
    let failure: InboxError | undefined
    let received = 0
    const fail = (error: InboxError) => {
      if (failure) return
      failure = error
      req.unpipe(parser)
      req.resume() // drain what is left so the answer can be read
      reject(error)
    }

    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > MAX_BODY_BYTES) fail(new InboxError(413, 'The request body is too large.'))
    })
    parser.on('field', (name, value, info) => {
      // An empty file input may come as a nameless part that busboy reads as a text field.
      if (name === 'file' && value === '') return
      if (info.valueTruncated) fail(new InboxError(413, `The field "${name}" is too long.`, [name]))
      else if (!KNOWN_FIELDS.has(name))
        fail(new InboxError(400, `Unknown field "${name}".`, [name]))
      else if (name in form.fields) fail(new InboxError(400, `Field "${name}" sent twice.`, [name]))
      else form.fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume()
        fail(new InboxError(400, `Unexpected file field "${name}".`, [name]))
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('limit', () =>
        fail(new InboxError(413, 'The file must not exceed 1 MB (1048576 bytes).', ['file'])),
      )
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks)
        // A file input left empty is sent as a nameless, empty part: no file.
        if (info.filename || bytes.length > 0)
          form.file = { filename: info.filename ?? '', mimeType: info.mimeType, bytes }
      })
    })
    parser.on('partsLimit', () => fail(new InboxError(413, 'Too many parts in the body.')))
    parser.on('filesLimit', () => fail(new InboxError(400, 'Only one file may be sent.')))
    parser.on('fieldsLimit', () => fail(new InboxError(413, 'Too many fields in the body.')))
    parser.on('error', (e: Error) =>
      fail(new InboxError(400, `Malformed multipart body: ${e.message}`)),
    )
    parser.on('close', () => {
      if (!failure) resolve(form)
    })
    req.on('aborted', () => fail(new InboxError(400, 'The request was aborted.')))
    req.pipe(parser)
  })
}
