import type { ComponentType } from 'react'

// What the editor's page uses of Decap CMS and of the generated configuration
// (templates/core/editor/decapConfig.ts has the full shape; templates/ does not import scripts/).

export type EditorField = {
  name: string
  label: string
  widget: string
  fields?: EditorField[]
  field?: EditorField
  types?: EditorField[]
  typeKey?: string
}

export type EditorFile = { name: string; label: string; file: string; fields: EditorField[] }

export type EditorConfig = {
  backend: { name: string; proxy_url?: string }
  collections: {
    name: string
    label: string
    files?: EditorFile[]
    /** A folder collection's folder and its entries' fields. */
    folder?: string
    fields?: EditorField[]
  }[]
  [key: string]: unknown
}

/** Decap's immutable maps, as far as the preview reads them. */
export type ImmutableLike = {
  get(key: string): unknown
  getIn(path: (string | number)[]): unknown
  toJS?(): unknown
}

export type PreviewProps = { entry: ImmutableLike }

export type LocalePhrases = { [key: string]: string | LocalePhrases }

export type DecapApi = {
  registerLocale(locale: string, phrases: LocalePhrases): void
  init(options: { config: EditorConfig }): void
  getWidget(name: string):
    | {
        control: ComponentType<Record<string, unknown>>
        preview: ComponentType<Record<string, unknown>>
        schema?: unknown
      }
    | undefined
  registerWidget(
    name: string,
    control: ComponentType<Record<string, unknown>>,
    preview?: ComponentType<Record<string, unknown>>,
    schema?: unknown,
  ): void
  registerPreviewTemplate(name: string, component: (props: PreviewProps) => unknown): void
  registerBackend(name: string, backend: new (...args: never[]) => unknown): void
  getBackend(name: string): { init: (...args: unknown[]) => unknown } | undefined
}
