// The rules of the save path the editor's own backend is given (types.ts `SaveRules`): how an
// entry is read from the repository's files and what a save writes, pure functions of
// scripts/lib/cms and scripts/lib/editing over a content source. Until the editor's bundle holds
// them, there are none: the editor keeps Decap's own backends, and `npm run dev` the dev
// endpoint's save (main.tsx).
import type { SaveRules } from './types.ts'

export function saveRules(): SaveRules | undefined {
  return undefined
}
