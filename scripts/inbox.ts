// What the local form inbox received (INBOX_DIR, default .inbox/):
//   npm run inbox                              list every submission, oldest first
//   npm run inbox -- show <id>                 every field of one submission
//   npm run inbox -- delete <id>               delete one submission and its CV
//   npm run inbox -- purge --older-than <days> [--dry-run]   delete what is older
// Everything a visitor typed is printed with control characters escaped (forTerminal).
import { join, relative } from 'node:path'
import {
  CV_FILE,
  deleteSubmission,
  inboxDir,
  listSubmissions,
  olderThan,
  purgeSubmissions,
  readSubmission,
  type StoredSubmission,
} from './lib/inbox/store.ts'
import { forTerminal } from './lib/inbox/terminal.ts'

const dir = inboxDir()
const shownDir = relative(process.cwd(), dir) || dir
const [command = 'list', ...args] = process.argv.slice(2)
const USAGE =
  'Usage: npm run inbox [-- list | show <id> | delete <id> | purge --older-than <days> [--dry-run]]'

const cvPath = (s: StoredSubmission) => relative(process.cwd(), join(dir, s.id, CV_FILE))

function list(submissions: StoredSubmission[]): void {
  if (submissions.length === 0) {
    console.log(`No submission in ${shownDir} yet.`)
    return
  }
  const rows = submissions.map((s) => ({
    id: s.id,
    date: s.receivedAt.replace('T', ' ').slice(0, 19),
    form: s.form,
    name: forTerminal(`${s.fields.lastName} ${s.fields.name}`.trim()),
    email: forTerminal(s.fields.email),
    file: s.file ? 'cv.pdf' : '-',
  }))
  const columns = ['id', 'date', 'form', 'name', 'email', 'file'] as const
  type Row = Record<(typeof columns)[number], string>
  const width = (c: (typeof columns)[number]) => Math.max(c.length, ...rows.map((r) => r[c].length))
  const line = (r: Row) =>
    columns
      .map((c) => r[c].padEnd(width(c)))
      .join('  ')
      .trimEnd()
  console.log(
    line({
      id: 'id',
      date: 'date (UTC)',
      form: 'form',
      name: 'name',
      email: 'email',
      file: 'file',
    }),
  )
  for (const r of rows) console.log(line(r))
  console.log(
    `\n${rows.length} submission${rows.length === 1 ? '' : 's'} in ${shownDir} (details: npm run inbox -- show <id>)`,
  )
}

function show(s: StoredSubmission): void {
  console.log(`id:        ${s.id}`)
  console.log(`received:  ${s.receivedAt}`)
  console.log(`form:      ${s.form} (endpoint ${s.endpoint}), captcha ${s.captcha}`)
  for (const [name, value] of Object.entries(s.fields)) {
    const text = forTerminal(value, { keepNewlines: true }).replace(/\n/g, '\n           ')
    console.log(`${`${name}:`.padEnd(10)} ${text}`)
  }
  console.log(
    `file:      ${s.file ? `${cvPath(s)} (sent as "${forTerminal(s.file.originalName)}", ${s.file.bytes} bytes)` : '-'}`,
  )
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

if (command === 'list') {
  list(await listSubmissions(dir))
} else if (command === 'show' && args[0]) {
  const s = await readSubmission(args[0], dir)
  if (!s) fail(`No submission "${forTerminal(args[0])}" in ${shownDir}.`)
  show(s)
} else if (command === 'delete' && args[0]) {
  if (!(await deleteSubmission(args[0], dir)))
    fail(`No submission "${forTerminal(args[0])}" in ${shownDir}.`)
  console.log(`Deleted submission ${args[0]} (and its CV, if any) from ${shownDir}.`)
} else if (command === 'purge' && args[0] === '--older-than' && /^\d+$/.test(args[1] ?? '')) {
  const days = Number(args[1])
  const dryRun = args.includes('--dry-run')
  const old = dryRun
    ? olderThan(days, await listSubmissions(dir))
    : await purgeSubmissions(days, dir)
  for (const s of old)
    console.log(`${dryRun ? 'would delete' : 'deleted'}  ${s.id}  ${s.receivedAt}`)
  const count = `${old.length} submission${old.length === 1 ? '' : 's'} older than ${days} days`
  console.log(`${count} ${dryRun ? 'would be deleted' : 'deleted'} from ${shownDir}.`)
} else {
  fail(USAGE)
}
