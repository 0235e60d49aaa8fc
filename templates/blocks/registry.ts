import type { ComponentType } from 'react'
import type { Block, BlockOf } from '../content.ts'
import { Accordion } from './Accordion.tsx'
import { AwardPopup } from './AwardPopup.tsx'
import { Cards } from './Cards.tsx'
import { Carousel } from './Carousel.tsx'
import { CertificateTabs } from './CertificateTabs.tsx'
import { ContactForm } from './ContactForm.tsx'
import { Counters } from './Counters.tsx'
import { DetailModals } from './DetailModals.tsx'
import { Gallery } from './Gallery.tsx'
import { Hero } from './Hero.tsx'
import { ImageModals } from './ImageModals.tsx'
import { LatestNews } from './LatestNews.tsx'
import { Locations } from './Locations.tsx'
import { MailPrompt } from './MailPrompt.tsx'
import { NewsList } from './NewsList.tsx'
import { PfeOffers } from './PfeOffers.tsx'
import { PromoBanner } from './PromoBanner.tsx'
import { RatingsTable } from './RatingsTable.tsx'
import { SalesContacts } from './SalesContacts.tsx'
import { Section } from './Section.tsx'
import { Showcase } from './Showcase.tsx'
import { SideBox } from './SideBox.tsx'
import { SiteSearch } from './SiteSearch.tsx'
import { SpecTable } from './SpecTable.tsx'
import { Timeline } from './Timeline.tsx'

/** One component per block type of schemas/blocks/; the type checker enforces the pairing. */
export const blockComponents: { [T in Block['type']]: ComponentType<{ block: BlockOf<T> }> } = {
  cards: Cards,
  counters: Counters,
  ratingsTable: RatingsTable,
  section: Section,
  specTable: SpecTable,
  detailModals: DetailModals,
  gallery: Gallery,
  promoBanner: PromoBanner,
  accordion: Accordion,
  certificateTabs: CertificateTabs,
  imageModals: ImageModals,
  mailPrompt: MailPrompt,
  pfeOffers: PfeOffers,
  sideBox: SideBox,
  timeline: Timeline,
  contactForm: ContactForm,
  salesContacts: SalesContacts,
  locations: Locations,
  hero: Hero,
  awardPopup: AwardPopup,
  carousel: Carousel,
  siteSearch: SiteSearch,
  showcase: Showcase,
  latestNews: LatestNews,
  newsList: NewsList,
}
