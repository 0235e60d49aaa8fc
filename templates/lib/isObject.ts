// One test for "a plain mapping" (a parsed YAML or JSON object, a schema node): not null, not a
// list. Plain data only, no node: module, so the browser-safe core and Node's scripts share it.

/** A parsed YAML or JSON mapping, or a schema node. */
export type Json = Record<string, unknown>

/** Whether `v` is an object that is not an array (nor null): a mapping whose keys can be read. */
export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
