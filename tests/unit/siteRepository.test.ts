// The editor's repository reader (templates/admin/backend/repository.ts) over a host held in
// memory: texts fetched once by id, from the persistent cache when it has them, and a read asked
// for after a commit is a new listing, not the one already under way.
import { describe, expect, it } from 'vitest'
import { type GitHost, Repository } from '../../templates/admin/backend/repository.ts'
import { memorySource } from '../../templates/core/content/source.ts'

function memoryHost(files: Map<string, string>) {
  let listings = 0
  const fetched: string[] = []
  const host: GitHost = {
    async list() {
      const head = `head-${++listings}`
      await new Promise((resolve) => setTimeout(resolve, 5))
      const content = [...files]
        .filter(([p]) => p.startsWith('content/'))
        .map(([path, text]) => ({ path, id: `id:${text}` }))
      return { head, content, public: [...files.keys()].filter((p) => p.startsWith('public/')) }
    },
    async readTexts(wanted) {
      fetched.push(...wanted.map((f) => f.path))
      return new Map(wanted.map((f) => [f.id, f.id.slice(3)]))
    },
  }
  return { host, fetched, listings: () => listings }
}

describe('the editor’s repository reader', () => {
  it('fetches each id once, from the persistent cache when it holds it', async () => {
    const files = new Map([
      ['content/fr/a.yaml', 'a: 1\n'],
      ['content/en/a.yaml', 'a: 1\n'],
      ['content/fr/b.yaml', 'b: 1\n'],
      ['public/images/x.jpg', ''],
    ])
    const { host, fetched } = memoryHost(files)
    const stored = new Map([['id:b: 1\n', 'b: 1\n']])
    const repository = new Repository(host, memorySource, {
      cache: { get: (id) => stored.get(id), set: (id, text) => void stored.set(id, text) },
    })
    const first = await repository.read()
    // Two files of the same bytes are one id; b's text came from the cache.
    expect(fetched).toEqual(['content/fr/a.yaml'])
    expect(repository.lastRead).toMatchObject({ fetched: 1, cached: 1 })
    expect(first.source.content.get('content/en/a.yaml')).toBe('a: 1\n')
    expect(first.source.public.has('/images/x.jpg')).toBe(true)
    files.set('content/fr/b.yaml', 'b: 2\n')
    const second = await repository.read()
    expect(fetched).toEqual(['content/fr/a.yaml', 'content/fr/b.yaml'])
    expect(second.source.content.get('content/fr/b.yaml')).toBe('b: 2\n')
    expect(stored.get('id:b: 2\n')).toBe('b: 2\n')
  })

  it('joins a read under way, but reads anew after a change', async () => {
    const { host, listings } = memoryHost(new Map([['content/site.yaml', 'x: 1\n']]))
    const repository = new Repository(host, memorySource)
    const underWay = repository.read()
    const joined = repository.read()
    const afterCommit = repository.read({ after: true })
    expect((await joined).head).toBe((await underWay).head)
    expect((await afterCommit).head).not.toBe((await underWay).head)
    expect(listings()).toBe(2)
    expect(repository.current?.head).toBe((await afterCommit).head)
  })

  it('a read started ahead (at the login) is the first form’s, taken once; a failed one is made anew', async () => {
    const { host, listings } = memoryHost(new Map([['content/site.yaml', 'x: 1\n']]))
    const repository = new Repository(host, memorySource)
    repository.readAhead()
    expect(listings()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Done before the form asked: the form takes it, no second listing.
    const first = await repository.read()
    expect(listings()).toBe(1)
    expect(first.head).toBe('head-1')
    // Only once: the next form's read lists the tree again; nothing more is read ahead.
    repository.readAhead()
    expect((await repository.read()).head).toBe('head-2')

    let refuse = true
    const failing: GitHost = {
      list: () => (refuse ? Promise.reject(new Error('401')) : host.list()),
      readTexts: host.readTexts,
    }
    const another = new Repository(failing, memorySource)
    another.readAhead()
    await new Promise((resolve) => setTimeout(resolve, 5))
    refuse = false
    expect((await another.read()).head).toBe('head-3')
  })
})
