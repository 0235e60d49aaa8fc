// Lists what the local form inbox received: `npm run inbox` (INBOX_DIR, default .inbox/).
import { join, relative } from 'node:path'
import { CV_FILE, inboxDir, listSubmissions } from './lib/inbox/store.ts'

const dir = inboxDir()
const submissions = await listSubmissions(dir)
if (submissions.length === 0) {
  console.log(`No submission in ${relative(process.cwd(), dir) || dir} yet.`)
  process.exit(0)
}
const rows = submissions.map((s) => ({
  date: s.receivedAt.replace('T', ' ').slice(0, 19),
  form: s.form,
  name: `${s.fields.lastName} ${s.fields.name}`.trim(),
  email: s.fields.email,
  file: s.file ? relative(process.cwd(), join(dir, s.id, CV_FILE)) : '-',
}))
const columns = ['date', 'form', 'name', 'email', 'file'] as const
const width = (c: (typeof columns)[number]) => Math.max(c.length, ...rows.map((r) => r[c].length))
const line = (r: Record<(typeof columns)[number], string>) =>
  columns
    .map((c) => r[c].padEnd(width(c)))
    .join('  ')
    .trimEnd()
console.log(line({ date: 'date (UTC)', form: 'form', name: 'name', email: 'email', file: 'file' }))
for (const r of rows) console.log(line(r))
console.log(
  `\n${rows.length} submission${rows.length === 1 ? '' : 's'} in ${relative(process.cwd(), dir) || dir}`,
)
