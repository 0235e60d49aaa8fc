// A host's failure during a save, in the editors' words: what each answer means, decided on its
// status as Decap's APIError carries it (tests/published/editor.spec.ts drives the real ones in
// Chromium against the GitHub stand-in, hosts.spec.ts against Gitea's and GitLab's).
import { describe, expect, it } from 'vitest'
import { HostFailure, hostFailure } from '../../templates/admin/backend/hostFailure.ts'
import { SaveRefused } from '../../templates/admin/backend/saves.ts'

/** What decap-cms-lib-util's APIError is: an Error with the answer's status and the API's name. */
function apiError(message: string | undefined, status: number | null, api = 'GitHub') {
  return Object.assign(new Error(message), { name: 'API_ERROR', status, api })
}

const said = (error: unknown) => {
  const failure = hostFailure(error)
  expect(failure).toBeInstanceOf(HostFailure)
  // Decap prints the error as a string: the French message alone, no « API_ERROR: ».
  expect(String(failure)).toBe((failure as HostFailure).message)
  return (failure as HostFailure).message
}

describe("a host's failure in the editors' words", () => {
  it('a 5xx, and a request that got no answer: the host did not answer, nothing saved, try again', () => {
    for (const error of [
      apiError('Bad Gateway', 502),
      apiError(undefined, 503),
      // Decap's API retries a request without an answer, then reports it with the status 500.
      apiError('Failed to fetch', 500),
    ]) {
      const message = said(error)
      expect(message).toContain("GitHub n'a pas répondu : rien n'a été enregistré.")
      expect(message).toContain('Vos modifications sont toujours dans le formulaire')
      expect(message).toContain('cliquez à nouveau sur « Publier »')
      expect(message).not.toMatch(/Bad Gateway|API_ERROR|Failed to fetch/)
    }
  })

  it('401: the login expired, reload and log in again, the changes offered back', () => {
    const message = said(apiError('Bad credentials', 401))
    expect(message).toContain('Votre connexion à GitHub a expiré : rien n')
    expect(message).toContain('rechargez la page et reconnectez-vous')
  })

  it('403: no right to write; a spent rate limit: wait a few minutes', () => {
    expect(said(apiError('Resource not accessible', 403))).toContain(
      "GitHub refuse l'enregistrement : votre compte n'a pas le droit de modifier le dépôt",
    )
    for (const error of [
      apiError('API rate limit exceeded for user ID 1.', 500),
      apiError('API rate limit exceeded for user ID 1.', 403),
      apiError('Too Many Requests', 429, 'GitLab'),
    ])
      expect(said(error)).toMatch(/^(GitHub|GitLab) reçoit trop de demandes/)
  })

  it('404 of the repository: tell whoever runs the site', () => {
    const message = said(apiError('Not Found', 404, 'Gitea'))
    expect(message).toContain('Gitea ne trouve pas le dépôt du site')
    expect(message).toContain('prévenez la personne qui gère le site')
  })

  it("another status says the host's refusal with its number; the dev editor's server by name", () => {
    expect(said(apiError('Payload Too Large', 413))).toContain(
      "GitHub a refusé l'enregistrement (erreur 413)",
    )
    expect(said(apiError('Internal Server Error', 500, 'Proxy'))).toMatch(
      /^Le serveur de l'éditeur n'a pas répondu/,
    )
    // The browser's own failure of a request no API wrapped.
    expect(said(new TypeError('Failed to fetch'))).toMatch(
      /^Le serveur de l'éditeur n'a pas répondu : rien/,
    )
  })

  it('leaves a refused save (already French) and a fault of the code as they are', () => {
    const refused = new SaveRefused([])
    expect(hostFailure(refused)).toBe(refused)
    const bug = new Error('Cannot read properties of undefined')
    expect(hostFailure(bug)).toBe(bug)
    expect(hostFailure('text')).toBe('text')
  })
})
