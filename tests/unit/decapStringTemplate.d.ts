// Decap's own template of a list item's or object's summary (decap-cms-lib-widgets ships
// JavaScript only), which cms-folding.test.ts runs on the generated summaries.
declare module 'decap-cms-lib-widgets/dist/esm/stringTemplate.js' {
  import type { Map as ImmutableMap } from 'immutable'

  export function compileStringTemplate(
    template: string,
    date: Date | null,
    identifier: string,
    data: ImmutableMap<string, unknown>,
  ): string
}
