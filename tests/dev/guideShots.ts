// The screenshots of the editor's guide (docs/editor-guide/aide.html), each made from the real
// editor by tests/dev/guide-screenshots.spec.ts at every run of `npm run test:dev`, and written
// to docs/editor-guide/images/<name>.png: commit them when they change. tests/unit/editor-guide
// checks that the guide shows exactly these and that each file is there; the spec checks that it
// made every one of them.
export const GUIDE_SHOTS = [
  'pages',
  'page-deux-langues',
  'apercu',
  'actualite',
  'document',
  'refus',
  'traduction-a-revoir',
  'historique',
] as const
export type GuideShot = (typeof GUIDE_SHOTS)[number]
