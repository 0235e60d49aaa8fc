// The editor's page (/admin/): Decap CMS (decap-cms-app, bundled by Vite with this
// page's React 19, its peer, so the preview below runs in the same React), the configuration
// generated from the schemas, a preview of each entry rendered in the browser by the site's own
// templates (SitePreview.tsx), and the problems of a refused save listed at their fields.
import { createRoot } from 'react-dom/client'
// Inline, as Decap's own styles are (emotion): the page links no stylesheet of its own.
import adminCss from './admin.css?inline'
import { saveRules } from './backend/saveRules.ts'
import { registerSiteBackends } from './backend/siteBackend.ts'
import type { CheckData } from './check/checker.ts'
import { prefetchCheckData, provideCheckData, siteChecker, siteRules } from './check/siteCheck.ts'
import { registerSiteSelect } from './decap/siteSelect.tsx'
import type { DecapApi, EditorConfig } from './decap/types.ts'
import { HistoryButton } from './history/HistoryButton.tsx'
import { commitUrlOf, LiveStatus, liveStore, liveTimeoutMs } from './live/LiveStatus.tsx'
import { previewDeps, provideRepository } from './preview/deps.ts'
import { registerSitePreview } from './preview/SitePreview.tsx'
import { clearRefusal, ProblemsPanel, problemsStore, showRefusal } from './problems/problems.tsx'
import {
  entriesOfFiles,
  SaveNotice,
  SiteTranslations,
  saveNotice,
} from './translations/SiteTranslations.tsx'
import { computeSite, provideTranslationInputs } from './translations/state.ts'
import { registerTranslationWidgets } from './translations/widgets.tsx'

async function start() {
  const [config, decap] = await Promise.all([loadConfig(), import('./decap/decap.ts')])
  const CMS = decap.default as unknown as DecapApi
  // The pages of each folder collection of pages (config.ts): the backend lists them; not Decap's.
  // How long a save may take to go live before the editor says so (live/): not Decap's either.
  const {
    site_pages: pages = {},
    site_live: live,
    ...withOptions
  } = config as EditorConfig & {
    site_pages?: Record<string, { id: string }[]>
    site_live?: { timeout_minutes?: number }
  }
  const editorConfig = registerSiteSelect(CMS, withOptions)
  // The translations « à revoir » at their English fields.
  registerTranslationWidgets(CMS)
  const deps = previewDeps()
  provideTranslationInputs({
    repository: async () => deps.source(),
    schemas: async () => (await siteRules()).schemas,
    problems: async (source) => (await siteChecker())(source).problems,
  })
  // The save path in the browser: the same for the git host and `npm run dev`.
  const rules = saveRules()
  let listed: unknown
  registerSiteBackends(CMS, {
    ...rules,
    folderEntries: (folder) => pages[folder]?.map((p) => p.id),
    // The tree each entry is read from: the repository the preview lays the form over, and whose
    // outdated translations the site's list shows (made again when a save lands, once idle).
    readEntry: (source, path) => {
      provideRepository(source)
      if (listed !== source) {
        listed = source
        requestIdleCallback(() => void computeSite(source).catch(() => undefined), {
          timeout: 5000,
        })
      }
      return rules.readEntry(source, path)
    },
    onRefused: (entry, problems) => showRefusal(config, entry, problems),
    onSaved: (path, saved) => {
      clearRefusal()
      saveNotice.set(saved.toReview)
      // After a commit, whether the live site serves it yet (live/): both editors alike.
      if (saved.live)
        liveStore.start(path, saved.live, {
          commitUrl: commitUrlOf(config.backend as Parameters<typeof commitUrlOf>[0]),
        })
    },
  })
  // The site's own preview, rendered in the browser on that repository with the editor's check,
  // in both editors (SitePreview.tsx, preview/).
  registerSitePreview(CMS, config, deps)
  const style = document.createElement('style')
  style.textContent = adminCss
  document.head.append(style)
  const panel = document.createElement('div')
  panel.id = 'cms-problems'
  document.body.append(panel)
  createRoot(panel).render(
    <>
      <ProblemsPanel store={problemsStore} />
      <SaveNotice />
      <div className="cms-topbar">
        <HistoryButton config={config} pages={pages} draft={decap.draft} />
        <SiteTranslations config={config} entries={entriesOfFiles(config, pages)} />
      </div>
    </>,
  )
  const liveBox = document.createElement('div')
  liveBox.id = 'cms-live'
  document.body.append(liveBox)
  createRoot(liveBox).render(
    <LiveStatus store={liveStore} timeoutMs={liveTimeoutMs({ site_live: live })} />,
  )
  // The dev server's backend needs no account: the user Decap would keep after its login button.
  if (config.backend.name === 'proxy' && !localStorage.getItem('decap-cms-user'))
    localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'proxy' }))
  CMS.init({ config: { ...editorConfig, load_config_file: false } })
  prefetchCheckData()
}

/**
 * Published (npm run build with CMS_BACKEND): config.json and check.json beside the page, named
 * by its metas (adminPage.ts; the page preloads the configuration). In `npm run dev`, the dev
 * server's endpoints, generated on each load (a schema change shows at the next reload).
 */
async function loadConfig(): Promise<EditorConfig> {
  provideCheckData(() => readJson<CheckData>('cms-check', "The editor's check"))
  return readJson<EditorConfig>('cms-config', "The editor's configuration")
}

async function readJson<T>(name: string, what: string): Promise<T> {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!meta) throw new Error(`${what}: the page names no ${name}`)
  const response = await fetch(new URL(meta.content, document.baseURI))
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`)
  return (await response.json()) as T
}

start().catch((error: Error) => {
  const p = document.createElement('p')
  p.setAttribute('role', 'alert')
  p.textContent = `L'éditeur n'a pas pu démarrer : ${error.message}`
  document.body.append(p)
  throw error
})
