// The dev editor's endpoint writes files: which requests it refuses before reading them, and
// with what status. An opaque origin (`Origin: null`, sent by a sandboxed frame or after a
// redirect across sites) is refused like another site's, not answered with a 500.
import { describe, expect, it } from 'vitest'
import { requestRefusal } from '../../scripts/lib/cms/devEditor.ts'

const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') => ({
  url: '/v1',
  method: 'POST',
  headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', ...headers },
  socket: { remoteAddress },
})

describe('the dev editor endpoint refuses', () => {
  it.each([
    ['an opaque origin (null)', post({ origin: 'null' }), 403, 'same origin only'],
    ['an origin that is no URL', post({ origin: 'not a url' }), 403, 'same origin only'],
    ['another site', post({ origin: 'http://evil.example' }), 403, 'same origin only'],
    ['another port', post({ origin: 'http://127.0.0.1:4000' }), 403, 'same origin only'],
    ['another machine', post({}, '192.168.1.20'), 403, 'loopback only'],
    ['a form post', post({ 'content-type': 'text/plain' }), 415, 'application/json only'],
  ])('%s', (_, req, status, error) => {
    expect(requestRefusal(req)).toEqual({ status, error })
  })

  it('but answers its own page and a client that sends no origin', () => {
    expect(requestRefusal(post({ origin: 'http://127.0.0.1:3000' }))).toBeUndefined()
    expect(requestRefusal(post({}))).toBeUndefined()
    expect(
      requestRefusal(post({ origin: 'http://[::1]:3000', host: '[::1]:3000' })),
    ).toBeUndefined()
  })
})
