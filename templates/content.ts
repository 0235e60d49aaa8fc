// Content types, generated from schemas/ (see templates/content.gen.ts, `npm run types`).
export type {
  Block,
  CertificatesData,
  ContactsData,
  DocumentsData,
  Facts,
  I18NResources as I18nResources,
  Image,
  Link,
  LogosData,
  MenuEntry,
  NewsData,
  PageContent,
  RatingsData,
  Route,
  RouteTable,
  SiteData,
  SiteSettings,
  SmeData,
  SpecsData,
  TimelineData,
} from './content.gen.ts'

import type { Block } from './content.gen.ts'

export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>
