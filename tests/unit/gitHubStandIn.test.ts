// The GitHub stand-in (scripts/standIns/) against its real bare repository: each endpoint
// Decap's GitHub backend calls answers what the repository holds, a save through them is one
// commit in `git log`, and what GitHub refuses (a stale parent, a wrong token, objects that do
// not exist) is refused in GitHub's words with nothing moved.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GitHubStandIn, startGitHubStandIn } from '../../scripts/standIns/gitHubStandIn.ts'
import { removeTree, treeFrom } from './fixtureTree.ts'

let seed: string
let gh: GitHubStandIn
const REPO = '/repos/transfo/site'

// biome-ignore lint/suspicious/noExplicitAny: GitHub's answers are JSON read field by field
type Answer = { status: number; body: any; headers: Headers }

async function call(
  method: string,
  path: string,
  {
    body,
    token = gh.token,
    headers = {},
  }: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${gh.apiRoot}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { Authorization: `token ${token}` }),
      'Content-Type': 'application/json; charset=utf-8',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  }
}

const seedFile = (path: string) => readFileSync(join(seed, path))

/** Blobs, a tree on the branch's tree, a commit on the branch's head: Decap's save, by hand. */
async function commitOnHead(files: Record<string, string | Buffer | null>, message: string) {
  const branch = (await call('GET', `${REPO}/branches/main`)).body
  const tree = []
  for (const [path, bytes] of Object.entries(files)) {
    const blob =
      bytes === null
        ? null
        : (
            await call('POST', `${REPO}/git/blobs`, {
              body: { content: Buffer.from(bytes).toString('base64'), encoding: 'base64' },
            })
          ).body.sha
    tree.push({ path, mode: '100644', type: 'blob', sha: blob })
  }
  const made = await call('POST', `${REPO}/git/trees`, {
    body: { base_tree: branch.commit.commit.tree.sha, tree },
  })
  expect(made.status).toBe(201)
  const commit = await call('POST', `${REPO}/git/commits`, {
    body: { message, tree: made.body.sha, parents: [branch.commit.sha] },
  })
  expect(commit.status).toBe(201)
  return { parent: branch.commit.sha as string, sha: commit.body.sha as string }
}

beforeAll(async () => {
  seed = treeFrom('good')
  gh = await startGitHubStandIn({ seedFrom: seed, token: 'gho_test-token' })
})
afterAll(async () => {
  await gh?.stop()
  removeTree(seed)
})

describe('reading', () => {
  it('gives the branch, a folder, the whole tree and a blob as the repository holds them', async () => {
    const branch = await call('GET', `${REPO}/branches/main`)
    expect(branch.status).toBe(200)
    expect(branch.body.commit.sha).toBe(gh.commits()[0])

    // Decap's getFileSha sends the folder URL-encoded, listFiles as it is.
    const folder = await call('GET', `${REPO}/git/trees/main:content%2Fi18n`)
    expect(folder.body.tree.map((e: { path: string }) => e.path)).toEqual(['en.yaml', 'fr.yaml'])
    const whole = await call('GET', `${REPO}/git/trees/main:content?recursive=1`)
    const blobs = whole.body.tree.filter((e: { type: string }) => e.type === 'blob')
    expect(blobs).toHaveLength(21)
    expect(whole.body.tree).toContainEqual(expect.objectContaining({ path: 'fr', type: 'tree' }))

    const home = blobs.find((e: { path: string }) => e.path === 'fr/home.yaml')
    expect(home.size).toBe(seedFile('content/fr/home.yaml').length)
    const blob = await call('GET', `${REPO}/git/blobs/${home.sha}`)
    expect(blob.body.encoding).toBe('base64')
    expect(blob.body.content.split('\n').every((l: string) => l.length <= 60)).toBe(true)
    expect(Buffer.from(blob.body.content, 'base64')).toEqual(seedFile('content/fr/home.yaml'))
  })

  it('answers 404 for what is not there, in GitHub words', async () => {
    expect((await call('GET', `${REPO}/git/trees/main:content%2Fnowhere`)).status).toBe(404)
    expect((await call('GET', `${REPO}/git/blobs/${'a'.repeat(40)}`)).body.message).toBe(
      'Not Found',
    )
    expect((await call('GET', `${REPO}/branches/nope`)).body.message).toBe('Branch not found')
    expect((await call('GET', '/repos/transfo/other')).status).toBe(404)
    const unknown = await call('GET', `${REPO}/pulls`)
    expect(unknown.status).toBe(404)
    expect(gh.requests.at(-1)).toEqual({ method: 'GET', path: `${REPO}/pulls`, status: 404 })
  })

  it('revalidates a GET with its ETag (304), as a browser cache does', async () => {
    const first = await call('GET', `${REPO}/branches/main`)
    const again = await call('GET', `${REPO}/branches/main`, {
      headers: { 'If-None-Match': first.headers.get('etag') as string },
    })
    expect(again.status).toBe(304)
  })
})

describe('writing', () => {
  it('makes one commit of a save: changed, added and removed files, on the old head', async () => {
    const before = gh.commits()
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 7])
    const { parent, sha } = await commitOnHead(
      {
        'content/fr/home.yaml': 'title: Accueil modifié\n',
        'public/images/photo.png': png,
        'public/images/banks.svg': null,
      },
      'Mise à jour « Accueil »',
    )
    const moved = await call('PATCH', `${REPO}/git/refs/heads/main`, {
      body: { sha, force: false },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.object.sha).toBe(sha)

    expect(gh.commits()).toEqual([sha, ...before])
    const [last] = gh.log()
    expect(last?.parents).toEqual([parent])
    expect(last?.message).toBe('Mise à jour « Accueil »')
    expect(last?.author).toMatchObject({ name: gh.user.name, email: gh.user.email })
    expect(last?.files).toEqual([
      { status: 'M', path: 'content/fr/home.yaml' },
      { status: 'D', path: 'public/images/banks.svg' },
      { status: 'A', path: 'public/images/photo.png' },
    ])
    expect(gh.readFile('public/images/photo.png')).toEqual(png)
    expect(gh.readFile('content/fr/home.yaml')?.toString()).toBe('title: Accueil modifié\n')
  })

  it('lists the commits of a path, newest first, as Decap reads an entry’s last change', async () => {
    const list = await call('GET', `${REPO}/commits?path=content%2Ffr%2Fhome.yaml&sha=main`)
    expect(list.body.map((c: { sha: string }) => c.sha)).toEqual(gh.commits().slice(0, 2))
    expect(list.body[0].commit.author.name).toBe(gh.user.name)
    expect(list.body[0].commit.author.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(list.body[0].author.login).toBe('editor')
  })

  it('refuses a stale parent with 422 "Update is not a fast forward" and leaves the branch', async () => {
    const stale = await commitOnHead({ 'content/fr/contact.yaml': 'title: Contact\n' }, 'Mine')
    const theirs = await gh.pushCommit({ 'content/en/contact.yaml': 'title: Contact\n' }, 'Theirs')
    const moved = await call('PATCH', `${REPO}/git/refs/heads/main`, {
      body: { sha: stale.sha, force: false },
    })
    expect(moved.status).toBe(422)
    expect(moved.body).toEqual({
      message: 'Update is not a fast forward',
      documentation_url: 'https://docs.github.com/rest/git/refs#update-a-reference',
      status: '422',
    })
    expect(gh.commits()[0]).toBe(theirs)
    expect(gh.commits()).not.toContain(stale.sha)
  })

  it('refuses objects that do not exist, in GitHub words, and moves nothing', async () => {
    const head = gh.commits()[0] as string
    const tree = (await call('GET', `${REPO}/branches/main`)).body.commit.commit.tree.sha
    const missing = 'b'.repeat(40)
    const refusals = [
      await call('POST', `${REPO}/git/trees`, {
        body: {
          base_tree: tree,
          tree: [{ path: 'x.yaml', mode: '100644', type: 'blob', sha: missing }],
        },
      }),
      await call('POST', `${REPO}/git/trees`, {
        body: {
          base_tree: tree,
          tree: [{ path: 'gone.yaml', mode: '100644', type: 'blob', sha: null }],
        },
      }),
      await call('POST', `${REPO}/git/commits`, {
        body: { message: 'm', tree, parents: [missing] },
      }),
      await call('PATCH', `${REPO}/git/refs/heads/main`, { body: { sha: missing } }),
    ]
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [422, 'GitRPC::BadObjectState'],
      [422, 'GitRPC::BadObjectState'],
      [422, 'Parent SHA does not exist or is not a commit object'],
      [422, 'Object does not exist'],
    ])
    expect(gh.commits()[0]).toBe(head)
  })
  it("writes a text given as `content` in a tree, under git's own id, as GitHub does", async () => {
    const branch = (await call('GET', `${REPO}/branches/main`)).body
    const text = 'title: Accueil écrit dans l’arbre\n'
    const made = await call('POST', `${REPO}/git/trees`, {
      body: {
        base_tree: branch.commit.sha,
        tree: [{ path: 'content/fr/home.yaml', mode: '100644', type: 'blob', content: text }],
      },
    })
    expect(made.status).toBe(201)
    const listed = await call('GET', `${REPO}/git/trees/${made.body.sha}?recursive=1`)
    const entry = listed.body.tree.find((e: { path: string }) => e.path === 'content/fr/home.yaml')
    const bytes = Buffer.from(text, 'utf8')
    const id = createHash('sha1')
      .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
      .digest('hex')
    expect(entry?.sha).toBe(id)
    const blob = await call('GET', `${REPO}/git/blobs/${id}`)
    expect(Buffer.from(blob.body.content, 'base64').toString('utf8')).toBe(text)
    // Both, or neither: GitHub's refusal.
    const both = await call('POST', `${REPO}/git/trees`, {
      body: {
        base_tree: branch.commit.sha,
        tree: [{ path: 'a.yaml', mode: '100644', type: 'blob', sha: id, content: text }],
      },
    })
    const neither = await call('POST', `${REPO}/git/trees`, {
      body: {
        base_tree: branch.commit.sha,
        tree: [{ path: 'a.yaml', mode: '100644', type: 'blob' }],
      },
    })
    for (const refused of [both, neither])
      expect([refused.status, refused.body.message]).toEqual([
        422,
        'Must supply either tree.sha or tree.content. Request will be rejected if both are present.',
      ])
  })
})

describe('access', () => {
  it('refuses a missing or wrong token as GitHub does, and takes Bearer too', async () => {
    const head = gh.commits()[0]
    expect((await call('GET', '/user', { token: null })).body.message).toBe(
      'Requires authentication',
    )
    expect((await call('GET', '/user', { token: null })).status).toBe(401)
    expect((await call('GET', REPO, { token: null })).status).toBe(404)
    const wrong = await call('POST', `${REPO}/git/blobs`, {
      token: 'gho_wrong',
      body: { content: 'x' },
    })
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Bad credentials'])
    const bearer = await call('GET', '/user', {
      token: null,
      headers: { Authorization: `Bearer ${gh.token}` },
    })
    expect(bearer.body.login).toBe('editor')
    expect((await call('GET', REPO)).body.permissions.push).toBe(true)
    expect(gh.commits()[0]).toBe(head)
  })

  it('grants a preflight from another origin without a token, and every answer to any origin', async () => {
    const preflight = await fetch(`${gh.apiRoot}${REPO}/git/refs/heads/main`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:3000',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(
      /^Authorization, Content-Type,/,
    )
    const answer = await call('GET', '/user', { headers: { Origin: 'http://127.0.0.1:3000' } })
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/ETag, Link/)
  })

  it('refuses writes without push permission, as a read-only collaborator gets', async () => {
    const readOnly = await startGitHubStandIn({ seedFrom: seed, push: false })
    try {
      const auth = { Authorization: `token ${readOnly.token}` }
      const repo = await fetch(`${readOnly.apiRoot}${REPO}`, { headers: auth })
      expect((await repo.json()).permissions.push).toBe(false)
      const write = await fetch(`${readOnly.apiRoot}${REPO}/git/blobs`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ content: 'x' }),
      })
      expect(write.status).toBe(404)
    } finally {
      await readOnly.stop()
    }
  })
})

describe('comparing', () => {
  it("says how one commit stands to another, as GitHub's compare does (the editor's « En ligne »)", async () => {
    const first = await gh.pushCommit({ 'content/fr/compare.yaml': 'a: 1\n' }, 'First')
    const second = await gh.pushCommit({ 'content/fr/compare.yaml': 'a: 2\n' }, 'Second')
    const ahead = await call('GET', `${REPO}/compare/${first}...${second}`)
    expect(ahead.status).toBe(200)
    expect(ahead.body).toMatchObject({
      status: 'ahead',
      ahead_by: 1,
      behind_by: 0,
      total_commits: 1,
    })
    expect(ahead.body.commits.map((c: { sha: string }) => c.sha)).toEqual([second])
    expect((await call('GET', `${REPO}/compare/${second}...${first}`)).body).toMatchObject({
      status: 'behind',
      ahead_by: 0,
      behind_by: 1,
    })
    expect((await call('GET', `${REPO}/compare/${first}...${first}`)).body.status).toBe('identical')
    expect((await call('GET', `${REPO}/compare/${first}...${'0'.repeat(40)}`)).status).toBe(404)
  })
})
