// The `site-select` widget: Decap's select, with its options taken from the list the
// configuration holds once (`site_options`, scripts/lib/cms/sharedOptions.ts) rather than
// repeated in every field that links: the configuration is 2 MB instead of 12.9.
import { fromJS } from 'immutable'
import { createElement, useMemo } from 'react'
import type { DecapApi, EditorConfig, ImmutableLike } from './types.ts'

type Options = Record<string, { label: string; value: string | number }[]>

/** Registers the widget; returns the configuration Decap reads (without `site_options`). */
export function registerSiteSelect(CMS: DecapApi, config: EditorConfig): EditorConfig {
  const { site_options: lists = {}, ...rest } = config as EditorConfig & {
    site_options?: Options
  }
  const found = CMS.getWidget('select')
  if (!found) throw new Error("Decap's select widget is not registered")
  const select = found
  const immutableLists = new Map(Object.entries(lists).map(([name, list]) => [name, fromJS(list)]))
  type Field = ImmutableLike & { set(k: string, v: unknown): unknown }
  const withOptions = (field: Field) =>
    field.set('options', immutableLists.get(String(field.get('options_list'))))
  // React 19 passes `ref` as a prop: Decap's Widget reaches the select's isValid() through it.
  function SiteSelectControl(props: Record<string, unknown>) {
    const field = useMemo(() => withOptions(props.field as Field), [props.field])
    return createElement(select.control, { ...props, field })
  }
  function SiteSelectPreview(props: Record<string, unknown>) {
    const field = useMemo(() => withOptions(props.field as Field), [props.field])
    return createElement(select.preview, { ...props, field })
  }
  CMS.registerWidget('site-select', SiteSelectControl, SiteSelectPreview)
  return rest
}
