// axe-core (WCAG 2.1 A and AA) on a part of an editor page, for the dev editor's specs.
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] }

/** axe (WCAG 2.1 A and AA) on a part of the page: the violations, by rule and element. */
export async function axeViolations(page: Page, context: string, rules?: string[]) {
  await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(
    ([context, rules]) =>
      (window as unknown as { axe: { run(c: string, o: object): Promise<AxeResult> } }).axe.run(
        context as string,
        rules
          ? { runOnly: { type: 'rule', values: rules } }
          : { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
      ),
    [context, rules] as const,
  )
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
