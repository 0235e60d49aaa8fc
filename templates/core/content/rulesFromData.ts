// The check's rules (check.ts, CheckRules) from data alone: the schema files parsed, by name, and
// what the templates name, as JSON. The browser's editor gets that data with its configuration
// (scripts/lib/cms/config.ts, `check`) and makes the rules here; Node makes them on the disk
// (load.ts, checkRules) from the same parts: one validator, one SchemaSet, one check. Pure.
import type { CheckRules } from './checkContent.ts'
import { SchemaSet } from './neutral.ts'
import { needsFromJson, type TemplateNeedsJson } from './templateNeeds.ts'
import { schemaValidator, standaloneValidators } from './validator.ts'

/** What the rules are made of, as JSON: it comes from the code (schemas/, the templates). */
export type CheckData = {
  /** The schema files, parsed, by their path under schemas/ (`blocks/hero.schema.json`). */
  schemas: Record<string, Record<string, unknown>>
  /** The UI strings and pages the templates name (templateNeeds.ts). */
  needs: TemplateNeedsJson
  /**
   * ajv's standalone code of these schemas, made in Node (validatorCache.ts): evaluated instead
   * of compiling (in Chromium about 0.1 s instead of 0.6-0.8 s). Without it, ajv compiles.
   */
  code?: string
}

/**
 * The rules of `data`; the schemas' validators are made at the first validation (from the
 * standalone code, else compiled by ajv), then kept.
 */
export function rulesFromData(data: CheckData): CheckRules {
  const files = new Map(Object.entries(data.schemas))
  const { code } = data
  return {
    validator: schemaValidator(
      files,
      code === undefined
        ? undefined
        : { load: (keywords) => standaloneValidators(code, keywords), store: () => {} },
    ),
    schemas: new SchemaSet(files),
    needs: needsFromJson(data.needs),
  }
}
