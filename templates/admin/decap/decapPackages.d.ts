// Types for the Decap packages templates/admin/decap/decap.ts assembles (they ship JavaScript only;
// decap-cms-core has its own). Only what decap.ts uses: each widget's Widget(), each backend's
// class, the two locales. The GitHub, Gitea, GitLab and proxy backends are typed in backend/decapBackends.d.ts,
// with what the editor's own backends extend of them.

declare module 'decap-cms-widget-*' {
  import type { CmsWidgetParam } from 'decap-cms-core'

  const widget: { Widget(options?: Partial<CmsWidgetParam>): CmsWidgetParam }
  export default widget
}

declare module 'decap-cms-backend-azure' {
  import type { CmsBackendClass } from 'decap-cms-core'
  export const AzureBackend: CmsBackendClass
}
declare module 'decap-cms-backend-bitbucket' {
  import type { CmsBackendClass } from 'decap-cms-core'
  export const BitbucketBackend: CmsBackendClass
}
declare module 'decap-cms-backend-git-gateway' {
  import type { CmsBackendClass } from 'decap-cms-core'
  export const GitGatewayBackend: CmsBackendClass
}

declare module 'decap-cms-locales' {
  import type { CmsLocalePhrases } from 'decap-cms-core'
  export const en: CmsLocalePhrases
  export const fr: CmsLocalePhrases
}

// The same locales as ES modules (the package's `module` entry, which the editor's bundle takes):
// what tests/unit/frenchPhrases.test.ts imports under Node, where the `main` entry needs a window.
declare module 'decap-cms-locales/dist/esm/index.js' {
  export * from 'decap-cms-locales'
}

// Decap's bar of a list item, which templates/admin/decap/ListItemTopBar.tsx wraps (the editor's build
// gives Decap that wrapper in its place: scripts/lib/cms/adminPlugins.mjs).
declare module 'decap-cms-ui-default/dist/esm/ListItemTopBar.js' {
  import type { ComponentType } from 'react'

  const ListItemTopBar: ComponentType<{
    className?: string
    collapsed?: boolean
    onCollapseToggle?: (() => void) | null
    onRemove?: () => void
    allowRemove?: boolean
    allowReorder?: boolean
    dragHandle?: ComponentType<{ id?: string; children?: unknown }>
    id?: string
  }>
  export default ListItemTopBar
}

// Decap's redux store (its module, which the editor's bundle holds once: the form's state) and the
// actions of an entry's draft, as templates/admin/history/decapDraft.ts uses them.
declare module 'decap-cms-core/dist/esm/redux/index.js' {
  export const store: {
    getState(): {
      entryDraft: {
        get(key: 'entry'): { toJS(): unknown } | undefined
        get(key: 'hasChanged'): boolean
      }
    }
    dispatch(action: { type: string; payload?: unknown }): unknown
  }
}
declare module 'decap-cms-core/dist/esm/actions/entries.js' {
  export function localBackupRetrieved(entry: unknown): { type: string; payload: unknown }
  export function loadLocalBackup(): { type: string }
}
