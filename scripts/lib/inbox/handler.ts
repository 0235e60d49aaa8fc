import type { IncomingMessage, ServerResponse } from 'node:http'

/** Answers the form endpoints under /api/inbox/. Until the inbox lands: 501. */
export async function handleInbox(_req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.statusCode = 501
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify({ error: 'The form inbox is not built yet.' }))
}
