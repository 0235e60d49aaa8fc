// Types for the two packages the structured-data check runs (they ship JavaScript only).

declare module '@marbec/web-auto-extractor' {
  export type ExtractedItem = Record<string, unknown>
  export type Extracted = {
    jsonld: Record<string, ExtractedItem[]>
    microdata: Record<string, ExtractedItem[]>
    rdfa: Record<string, ExtractedItem[]>
    errors?: { format: string; message: string; source?: string }[]
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] })
    parse(html: string): Extracted
  }
}

declare module '@adobe/structured-data-validator' {
  import type { Extracted } from '@marbec/web-auto-extractor'
  export type PathStep = { type?: string; index?: number; length?: number; property?: string }
  export type Issue = {
    issueMessage: string
    severity: 'ERROR' | 'WARNING'
    path?: PathStep[]
    fieldNames?: string[]
    rootType?: string
  }
  type HandlerModule = {
    default: new (config: HandlerConfig) => { validate(data: unknown): Issue[] }
  }
  export type HandlerConfig = { dataFormat: string; path: PathStep[]; type?: string }
  export default class Validator {
    constructor(schemaOrgJson?: unknown)
    registeredHandlers: Record<string, (() => Promise<HandlerModule>)[]>
    validate(data: Extracted): Promise<Issue[]>
  }
}

declare module '@adobe/structured-data-validator/src/types/base.js' {
  import type { HandlerConfig, Issue, PathStep } from '@adobe/structured-data-validator'

  type Condition = (data: Record<string, unknown>) => Issue | Issue[] | null
  export default class BaseValidator {
    constructor(config: HandlerConfig)
    path: PathStep[]
    getConditions(): Condition[]
    validate(data: unknown): Issue[]
    required(name: string, type?: string, ...opts: unknown[]): Condition
    recommended(name: string, type?: string, ...opts: unknown[]): Condition
    or(...conditions: Condition[]): Condition
  }
}
