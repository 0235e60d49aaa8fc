// The editor's configuration sends each option list once (sharedOptions.ts): expanded again, as
// the editor page's site-select widget does, it is the generated configuration exactly.
import { describe, expect, it } from 'vitest'
import { cmsConfig } from '../../scripts/lib/cms/config.ts'
import { SHARED_SELECT, shareOptions } from '../../scripts/lib/cms/sharedOptions.ts'
import type { DecapConfig, DecapField } from '../../templates/core/editor/decapConfig.ts'
import { repo } from './fixtureTree.ts'

/** What siteSelect.tsx does at run time: each site-select back to a select with its options. */
function expand(config: ReturnType<typeof shareOptions>): DecapConfig {
  const { site_options, ...rest } = config
  const field = (f: DecapField): DecapField => {
    const { options_list, ...own } = f
    return {
      ...own,
      ...(f.widget === SHARED_SELECT
        ? { widget: 'select', options: site_options[options_list as string] }
        : {}),
      ...(f.fields ? { fields: f.fields.map(field) } : {}),
      ...(f.types ? { types: f.types.map(field) } : {}),
      ...(f.field ? { field: field(f.field) } : {}),
    }
  }
  return {
    ...rest,
    collections: rest.collections.map((c) => ({
      ...c,
      ...(c.files ? { files: c.files.map((x) => ({ ...x, fields: x.fields.map(field) })) } : {}),
      ...('fields' in c && c.fields ? { fields: c.fields.map(field) } : {}),
    })),
  } as DecapConfig
}

describe('each option list is sent once', () => {
  const config = cmsConfig(repo, { proxyUrl: '/api/cms/v1' })
  const shared = shareOptions(config)

  it('expanded, it is the generated configuration', () => {
    // Deep equality (key order aside): a difference fails with the field that differs.
    expect(expand(shared)).toStrictEqual(config)
  })

  it('no select keeps its own options, and the whole is far smaller', () => {
    expect(JSON.stringify(shared)).not.toMatch(/"widget":"select","options"/)
    const before = JSON.stringify(config).length
    const after = JSON.stringify(shared).length
    expect(after).toBeLessThan(before / 4)
  })
})
