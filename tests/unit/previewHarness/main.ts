// The preview pane on its own, as the editor mounts it, for sitePreview.test.ts: the repository
// as read is a memory source of the project's content (sent by the test's server), the check is
// the editor's own (createChecker of the data config.json carries), and the editor's field is one
// input of the entry (`heading`, `blocks.0.heading`). The images' sizes are the editor's own too:
// read from the site. Bundled by vite as the editor's build bundles the editor.
import {
  type CheckData,
  createChecker,
  memorySource,
} from '../../../templates/admin/check/checker.ts'
import {
  PREVIEW_SHOWN,
  PreviewPane,
  type PreviewShown,
} from '../../../templates/admin/preview/pane.ts'
import { assetsOf } from '../../../templates/admin/preview/siteAssets.ts'

type Setup = {
  content: [string, string][]
  publicNames: string[]
  check: CheckData
  entry: { path: string; lang: 'fr' | 'en'; data: Record<string, unknown> }
  field: string
}

type Measure = { version: number; key: number; shown: PreviewShown }

declare global {
  interface Window {
    preview: { measures: Measure[]; shown: PreviewShown[]; version: number }
    previewAssetsOf: typeof assetsOf
  }
}

window.previewAssetsOf = assetsOf

async function start() {
  const setup = (await (await fetch(`/harness/setup.json${location.search}`)).json()) as Setup
  const base = memorySource(setup.content, setup.publicNames)
  const check = createChecker(setup.check)
  const pane = new PreviewPane(document.getElementById('pane') as HTMLElement, {
    source: () => base,
    check,
  })
  const state: Window['preview'] = { measures: [], shown: [], version: 0 }
  window.preview = state
  const keyAt = new Map<number, number>()
  pane.element.addEventListener(PREVIEW_SHOWN, (event) => {
    const shown = (event as CustomEvent<PreviewShown>).detail
    state.shown.push(shown)
    const key = keyAt.get(shown.version)
    if (key !== undefined) state.measures.push({ version: shown.version, key, shown })
  })
  const input = document.getElementById('field') as HTMLInputElement
  // The field's place in the entry's value: `heading`, `blocks.0.heading`.
  const keys = setup.field.split('.')
  const at = (value: unknown): Record<string, unknown> =>
    keys.slice(0, -1).reduce((v, k) => (v as Record<string, unknown>)[k], value) as Record<
      string,
      unknown
    >
  const last = keys.at(-1) as string
  input.value = String(at(setup.entry.data)[last] ?? '')
  const ask = () => {
    const data = structuredClone(setup.entry.data)
    at(data)[last] = input.value
    state.version = pane.show({ ...setup.entry, data })
    return state.version
  }
  // The event's timeStamp: when the key's input happened, on performance.now()'s clock.
  input.addEventListener('input', (event) => keyAt.set(ask(), event.timeStamp))
  ask()
}

void start()
