// A git host's failure during a save, said in the editors' words: what happened, what became of
// the save and what to do. Decap shows a failed save's error as « Échec de l'enregistrement de
// l'entrée : <message> » and keeps the form as it was typed, so the message is all the editor
// reads; the host's own words (« API_ERROR: Bad Gateway ») tell them nothing.
//
// Decided on the answer's status, Decap's APIError `status`. Decap's API retries a request that
// got no answer, a 429 and GitHub's spent rate limit five times (about a minute), then reports
// each with the status 500, as a 5xx: one message says the host did not answer. The rate limit
// alone is told apart by the host's own words, as Decap's API itself tells it (GitHub documents
// « API rate limit exceeded »).

/** A save the host failed: its message is French, and Decap prints it alone. */
export class HostFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
    // Decap prints the error as a string: its message alone.
    this.name = ''
  }
}

type Failure = { status?: number | null; api?: string; message?: string }

const KEPT = 'Vos modifications sont toujours dans le formulaire'

/** The host's name as an editor knows it, from Decap's APIError (`api`) or the backend's. */
function hostName(api: string | undefined, backend: string | undefined): string {
  const name = (api ?? backend ?? '').toLowerCase()
  if (name.includes('github')) return 'GitHub'
  if (name.includes('gitlab')) return 'GitLab'
  if (name.includes('gitea')) return 'Gitea'
  return "le serveur de l'éditeur"
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** What a host's answer (or its absence: null) means for a save, in French. */
export function hostFailureMessage(status: number | null, host: string): string {
  const Host = capitalized(host)
  if (status === null || status >= 500)
    return `${Host} n'a pas répondu : rien n'a été enregistré. ${KEPT} : vérifiez la connexion à Internet, puis cliquez à nouveau sur « Publier » dans quelques instants (une modification déjà enregistrée ne l'est jamais deux fois).`
  if (status === 401)
    return `Votre connexion à ${host} a expiré : rien n'a été enregistré. ${KEPT} : rechargez la page et reconnectez-vous, rouvrez cette page et acceptez la sauvegarde locale que l'éditeur propose (sinon, refaites les modifications), puis cliquez sur « Publier ».`
  if (status === 429)
    return `${Host} reçoit trop de demandes de votre part et les refuse pour quelques minutes : rien n'a été enregistré. ${KEPT} : attendez quelques minutes, puis cliquez à nouveau sur « Publier ».`
  if (status === 403)
    return `${Host} refuse l'enregistrement : votre compte n'a pas le droit de modifier le dépôt du site. Rien n'a été enregistré. ${KEPT} : demandez l'accès en écriture à la personne qui gère le site, puis cliquez à nouveau sur « Publier ».`
  if (status === 404)
    return `${Host} ne trouve pas le dépôt du site (il a pu être renommé, déplacé, ou votre compte n'y a plus accès) : rien n'a été enregistré. ${KEPT} : prévenez la personne qui gère le site.`
  return `${Host} a refusé l'enregistrement (erreur ${status}) : rien n'a été enregistré. ${KEPT} : cliquez à nouveau sur « Publier » ; si l'erreur revient, prévenez la personne qui gère le site.`
}

/**
 * The error a save shows for what the host answered: a `HostFailure` for an API's failure (an
 * error with a `status`, or a request that got no answer), the error itself for anything else
 * (a refused save, already in French; a fault of the code, left to be seen as it is).
 */
export function hostFailure(error: unknown, backend?: string): unknown {
  if (!(error instanceof Error) || error instanceof HostFailure) return error
  const failure = error as Failure
  const answered = typeof failure.status === 'number'
  // No answer at all: the browser's fetch fails with a TypeError, which Decap's API wraps in an
  // APIError without a status.
  const unanswered =
    (!answered && 'status' in failure && failure.status == null) || error instanceof TypeError
  if (!answered && !unanswered) return error
  let status = answered ? (failure.status as number) : null
  if (/API rate limit exceeded/i.test(failure.message ?? '')) status = 429
  return new HostFailure(hostFailureMessage(status, hostName(failure.api, backend)), status)
}
