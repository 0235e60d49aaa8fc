// The editor is built on decap-cms-core with only the widgets and backends it uses
// (templates/admin/decap/decap.ts): every widget the generated configuration names, dev and
// published, and every backend CMS_BACKEND can choose, must be registered there, else the editor
// builds and then shows "No control for widget" or fails to find its backend. Read from the
// sources (the widgets' own names from their packages): Decap's modules do not load in Node.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CMS_BACKENDS } from '../../scripts/lib/cms/cmsSettings.ts'
import { cmsConfig } from '../../scripts/lib/cms/config.ts'
import { SHARED_SELECT, shareOptions } from '../../scripts/lib/cms/sharedOptions.ts'
import type { DecapConfig, DecapField } from '../../templates/core/editor/decapConfig.ts'
import { reviewField } from '../../templates/core/editor/translationReview.ts'
import { repo } from './fixtureTree.ts'

const decapTs = readFileSync(join(repo, 'templates/admin/decap/decap.ts'), 'utf8')

/** The names the widget packages decap.ts imports register under (their Widget()'s `name`). */
const registeredWidgets = [...decapTs.matchAll(/from '(decap-cms-widget-[a-z-]+)'/g)].map((m) => {
  const source = readFileSync(join(repo, 'node_modules', m[1] ?? '', 'dist/esm/index.js'), 'utf8')
  const name = /\bname: '([a-z-]+)'/.exec(source)?.[1]
  if (!name) throw new Error(`No widget name in ${m[1]}`)
  return name
})
const registeredBackends = [...decapTs.matchAll(/registerBackend\('([a-z-]+)'/g)].map((m) => m[1])

/**
 * Decap's own (`hidden`: no control) and the editor page's (siteSelect.tsx; the translation
 * reviews' field, translations/widgets.tsx).
 */
const NOT_FROM_PACKAGES = new Set(['hidden', SHARED_SELECT, reviewField.widget])

function widgetsOf(config: DecapConfig): Set<string> {
  const found = new Set<string>()
  const walk = (fields: DecapField[] | undefined) => {
    for (const f of fields ?? []) {
      found.add(f.widget)
      walk(f.fields)
      walk(f.field ? [f.field] : undefined)
      walk(f.types)
    }
  }
  for (const c of config.collections) {
    if ('folder' in c) walk(c.fields)
    for (const file of c.files ?? []) walk(file.fields)
  }
  return found
}

describe("the editor's Decap (templates/admin/decap/decap.ts)", () => {
  it('registers every widget the configuration names, dev and published', () => {
    const dev = shareOptions(cmsConfig(repo, { proxyUrl: '/api/cms/v1' }))
    const published = shareOptions(
      cmsConfig(repo, { backend: { name: 'github', repo: 'transfo-tn/site', branch: 'main' } }),
    )
    const named = new Set([...widgetsOf(dev), ...widgetsOf(published)])
    const missing = [...named].filter(
      (w) => !NOT_FROM_PACKAGES.has(w) && !registeredWidgets.includes(w),
    )
    expect(missing).toEqual([])
    // The select the site-select widget wraps.
    expect(registeredWidgets).toContain('select')
  })

  it('registers every backend CMS_BACKEND can choose, and the dev server proxy', () => {
    expect(registeredBackends.sort()).toEqual([...CMS_BACKENDS, 'proxy'].sort())
  })
})
