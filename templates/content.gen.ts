// Generated from schemas/ by `npm run types`. Do not edit.
/* eslint-disable */
/**
 * A site path: starts with /, no trailing slash, letters, digits, _ - . and / only.
 */
export type Path = string

/**
 * The single route table: every page, its paths in both languages, aliases, redirects and the main menu. Menu, breadcrumbs, language switch, sitemap, hreflang and the link checker all read it.
 */
export interface RouteTable {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * Every page of the site, in menu order.
 * 
 * @minItems 1
 */
routes: [Route, ...(Route)[]]
/**
 * Old or misspelt paths that send the visitor to a page (HTTP 301 on hosts that support it, a meta-refresh page otherwise).
 */
redirects: {
/**
 * The old path, starting with /.
 */
from: string
/**
 * Id of the page it leads to.
 */
to: string
/**
 * Which language version of the page it leads to.
 */
lang: ("fr" | "en")
}[]
/**
 * Main menu, in order. An entry is a page, or a submenu (label key plus children).
 */
menu: MenuEntry[]
}
export interface Route {
/**
 * Page id: names content/fr/<id>.yaml and content/en/<id>.yaml, and is what links say (page:<id>).
 */
id: string
/**
 * home: no banner; page: banner, breadcrumb and blocks; notFound: the 404 page (not in the sitemap).
 */
template: ("home" | "page" | "notFound")
/**
 * Page id shown before this one in the breadcrumb (home is always first).
 */
parent?: string
fr: Localized
en: Localized1
}
/**
 * French version.
 */
export interface Localized {
/**
 * Canonical path of the page in this language.
 */
path: string
/**
 * Other paths that render the same page, with a canonical link to `path`.
 */
aliases?: Path[]
}
/**
 * English version.
 */
export interface Localized1 {
/**
 * Canonical path of the page in this language.
 */
path: string
/**
 * Other paths that render the same page, with a canonical link to `path`.
 */
aliases?: Path[]
}
export interface MenuEntry {
/**
 * A page id; its label is the i18n key nav.<id>.
 */
page?: string
/**
 * i18n key of a submenu's label (e.g. nav.company).
 */
label?: string
/**
 * Entries of the submenu.
 */
children?: MenuEntry[]
}

/**
 * Company identity, contacts, addresses, social links, behaviour constants and form settings shared by every page.
 */
export interface SiteSettings {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * Public origin used for canonical and hreflang links, without trailing slash.
 */
siteUrl: string
company: {
/**
 * Company name shown in titles, logo alt text and the copyright line.
 */
name: string
/**
 * Logo image under public/.
 */
logo: string
}
contact: {
/**
 * General contact address (top bar, footer, FAQ).
 */
email: string
/**
 * Where PFE and job applicants send their CV.
 */
recruitmentEmail: string
/**
 * General phone number in international form, e.g. +216 70 000 000.
 */
phone: string
}
/**
 * Postal addresses (head office, factory, offices). Labels are i18n keys.
 * 
 * @minItems 1
 */
addresses: [{
/**
 * Address id.
 */
id: string
/**
 * i18n key of the label, e.g. address.headOffice.
 */
label: string
/**
 * Street, number or industrial zone: the address's first line, e.g. Rue de l'Exemple 1.
 */
street: string
/**
 * Tunisian postal code, four digits, e.g. 1000.
 */
postalCode: string
/**
 * Town or city, e.g. Tunis. The country (Tunisia) is added by the pages and the search engines' data.
 */
locality: string
/**
 * Link to a maps service (Direction link).
 */
mapUrl: string
/**
 * Shown in the footer.
 */
inFooter?: boolean
}, ...({
/**
 * Address id.
 */
id: string
/**
 * i18n key of the label, e.g. address.headOffice.
 */
label: string
/**
 * Street, number or industrial zone: the address's first line, e.g. Rue de l'Exemple 1.
 */
street: string
/**
 * Tunisian postal code, four digits, e.g. 1000.
 */
postalCode: string
/**
 * Town or city, e.g. Tunis. The country (Tunisia) is added by the pages and the search engines' data.
 */
locality: string
/**
 * Link to a maps service (Direction link).
 */
mapUrl: string
/**
 * Shown in the footer.
 */
inFooter?: boolean
})[]]
/**
 * Social network links, in display order.
 */
social: {
/**
 * Which network (sets icon and label).
 */
network: ("facebook" | "instagram" | "linkedin" | "youtube")
/**
 * Profile address.
 */
url: string
}[]
/**
 * Year in the footer's copyright line.
 */
copyrightYear: number
/**
 * Behaviour constants of spec section 9, in milliseconds.
 */
timing: {
/**
 * Page reveal overlay delay.
 */
revealDelayMs: number
/**
 * Reveal delay on the English home page.
 */
revealDelayEnHomeMs: number
/**
 * Time each hero image stays.
 */
heroRotationMs: number
/**
 * Hero cross-fade duration.
 */
heroFadeMs: number
/**
 * Award popup auto-close on the English home.
 */
popupAutoCloseMs: number
/**
 * Counter animation duration.
 */
counterDurationMs: number
/**
 * Delay before the contact form shows.
 */
formRevealDelayMs: number
/**
 * The sending loader ends this long after the call finishes.
 */
formLoaderTailMs: number
/**
 * How long each typed word of the home headline stays.
 */
typedWordMs: number
}
/**
 * Form defaults; FORM_CONTACT_ENDPOINT, FORM_GENERAL_ENDPOINT and RECAPTCHA_SITE_KEY override them at build time.
 */
forms: {
/**
 * Where the contact page posts (default: the local inbox).
 */
contactEndpoint: string
/**
 * Where every other form posts (default: the local inbox).
 */
generalEndpoint: string
/**
 * Public reCAPTCHA site key (default: Google's published test key).
 */
recaptchaSiteKey: string
}
}

/**
 * i18next resources: menu labels, buttons, form labels and messages. Keys are English and the same in both languages; translate values only.
 */
export interface I18NResources {
[k: string]: string | Namespace | undefined
}
export interface Namespace {
[k: string]: string | Namespace | undefined
}

/**
 * A content block; `type` says which kind (see schemas/blocks/).
 */
export type Block = (Accordion | AwardPopup | Cards | Carousel | CertificateTabs | ContactOrApplicationForm | AnimatedCounters | CardsWithDetailWindows | ImageGallery | HeroBanner | ImagesOpeningInAModal | LatestNews | Locations | WriteToUsPrompt | NewsList | FinalYearProjectOffers | PromotionalBanner | RatingsTable | ContactCards | TextSection | Showcase | TextWithSideBox | SiteSearch | TechnicalFactsTable | Timeline)
/**
 * Paragraphs, in order.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type Paragraphs = [string, ...(string)[]]
/**
 * Bulleted list items.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type List = [string, ...(string)[]]
/**
 * Paragraphs, in order.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type Paragraphs1 = [string, ...(string)[]]
/**
 * Buttons, in order.
 * 
 * @minItems 1
 */
export type Links = [Link, ...(Link)[]]
/**
 * Images, in order.
 * 
 * @minItems 1
 */
export type Images = [Image1, ...(Image1)[]]
/**
 * Paragraphs, in order.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type Paragraphs2 = [string, ...(string)[]]
/**
 * Paragraphs, in order.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type Paragraphs3 = [string, ...(string)[]]
/**
 * Paragraphs, in order.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type Paragraphs4 = [string, ...(string)[]]
/**
 * Paragraphs, in order.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type Paragraphs5 = [string, ...(string)[]]
/**
 * Bulleted list items.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type List1 = [string, ...(string)[]]
/**
 * Bulleted list items.
 * 
 * @minItems 1
 * 
 * Items: A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
export type List2 = [string, ...(string)[]]

/**
 * One page in one language: head texts, banner and the blocks shown in order. The French and English files of a page have the same structure and the same ids.
 */
export interface PageContent {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * Page title: browser tab, search results, breadcrumb.
 */
title: string
/**
 * One-sentence summary for search results and link previews.
 */
description: string
/**
 * Banner heading (h1) if it differs from the title.
 */
heading?: string
banner?: Image
/**
 * The page's content blocks, in order.
 */
blocks: Block[]
}
/**
 * Banner background image.
 */
export interface Image {
/**
 * Path under public/, from content/data/images.yaml (added by the loader).
 */
src: string
/**
 * What the image shows; empty only when it is purely decorative.
 */
alt: string
}
/**
 * Questions or topics that open and close (native <details>/<summary>: keyboard and JavaScript-free).
 */
export interface Accordion {
/**
 * Block kind.
 */
type: "accordion"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Heading (h2).
 */
heading?: string
intro?: Paragraphs
/**
 * Show the first item open when the page loads (default: all closed).
 */
openFirst?: boolean
/**
 * The items, in order.
 * 
 * @minItems 1
 */
items: [{
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * The question or topic, always visible.
 */
title: string
paragraphs: Paragraphs
list?: List
after?: Paragraphs1
}, ...({
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * The question or topic, always visible.
 */
title: string
paragraphs: Paragraphs
list?: List
after?: Paragraphs1
})[]]
}
/**
 * A floating, non-modal panel shown on load (an award announcement) with a close button. It never blocks the page and can be closed with JavaScript off.
 */
export interface AwardPopup {
/**
 * Block kind.
 */
type: "awardPopup"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Panel heading.
 */
heading: string
image?: Image1
/**
 * Paragraphs, each optionally in another language than the page (e.g. Arabic).
 * 
 * @minItems 1
 */
texts: [{
/**
 * Plain text.
 */
text: string
/**
 * Language of this paragraph when it differs from the page (sets lang, and dir=rtl for Arabic).
 */
lang?: ("ar" | "en" | "fr")
}, ...({
/**
 * Plain text.
 */
text: string
/**
 * Language of this paragraph when it differs from the page (sets lang, and dir=rtl for Arabic).
 */
lang?: ("ar" | "en" | "fr")
})[]]
/**
 * Close the panel by itself after site.timing.popupAutoCloseMs (the English home page only, as on the original site). Paused while the pointer or keyboard focus is on the panel.
 */
autoClose: boolean
}
/**
 * An image's words: its text alternative. Its path under public/ is written once for both languages in content/data/images.yaml, under the page id and the image's slot (block id, then list item id, joined by /).
 */
export interface Image1 {
/**
 * Path under public/, from content/data/images.yaml (added by the loader).
 */
src: string
/**
 * What the image shows; empty only when it is purely decorative.
 */
alt: string
}
/**
 * A grid of cards, each with title, optional image, text, list and link.
 */
export interface Cards {
/**
 * Block kind.
 */
type: "cards"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Heading above the grid (h2).
 */
heading?: string
intro?: Paragraphs
/**
 * Cards per row on large screens (default 3).
 */
columns?: (2 | 3 | 4)
/**
 * Show 01, 02... before each title.
 */
numbered?: boolean
/**
 * The cards.
 * 
 * @minItems 1
 */
items: [{
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Card title (h3).
 */
title: string
image?: Image1
paragraphs?: Paragraphs
list?: List
links?: Links
}, ...({
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Card title (h3).
 */
title: string
image?: Image1
paragraphs?: Paragraphs
list?: List
links?: Links
})[]]
}
/**
 * A link shown as a button.
 */
export interface Link {
/**
 * Visible text.
 */
label: string
/**
 * page:<id>[#fragment], doc:<id> (a document of content/data/documents.yaml), a /path (files under public/), https://, mailto: or tel:.
 */
href: string
/**
 * Look of the link (default primary).
 */
style?: ("primary" | "secondary" | "text")
/**
 * Offer the target as a download (brochures).
 */
download?: boolean
}
/**
 * A heading and a carousel of images or logos (Swiper). Slides are `images`, or the logo group `logos` of content/data/logos.yaml (give one of the two). Without JavaScript it is a horizontally scrollable row.
 */
export interface Carousel {
/**
 * Block kind.
 */
type: "carousel"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Heading above the carousel (h2); also names the carousel for screen readers.
 */
heading?: string
intro?: Paragraphs
images?: Images
/**
 * A logo group of content/data/logos.yaml (its names are the text alternatives).
 */
logos?: ("certificates" | "clients" | "trainingClients")
/**
 * Show only the first N logos of the group.
 */
limit?: number
/**
 * Slides per row on large screens (1024 px and up; default 1). Phones show at most 2, tablets at most 3.
 */
perView?: number
/**
 * Advance by itself (with a pause button); never under reduced motion, and it stops when keyboard focus enters.
 */
autoplay?: boolean
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted")
buttons?: Links
}
/**
 * Tabs of certificate thumbnails (content/data/certificates.yaml), the first tab active; a thumbnail opens its large image in a modal window. With JavaScript off every tab's panel is shown in turn under its heading.
 */
export interface CertificateTabs {
/**
 * Block kind.
 */
type: "certificateTabs"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Heading (h2).
 */
heading?: string
intro?: Paragraphs
/**
 * Name of the tab list for screen readers, e.g. Certificates by body.
 */
label: string
/**
 * The tabs, in order; the first is active at start.
 * 
 * @minItems 1
 */
tabs: [{
/**
 * Certificate group id from content/data/certificates.yaml (its label is the tab's label).
 */
group: string
/**
 * Heading of the tab's panel (h3).
 */
heading: string
/**
 * One sentence under the panel heading (plain text).
 */
intro?: string
}, ...({
/**
 * Certificate group id from content/data/certificates.yaml (its label is the tab's label).
 */
group: string
/**
 * Heading of the tab's panel (h3).
 */
heading: string
/**
 * One sentence under the panel heading (plain text).
 */
intro?: string
})[]]
}
/**
 * The site's one form (design §7). The variant sets the fields, the endpoint, the button and the confirmation: contact (contact page, contact endpoint), plain (/form), embedded (a section of another page, 'Valider' button), careers (position and CV). Labels and messages come from the form namespace of content/i18n.
 */
export interface ContactOrApplicationForm {
/**
 * Block kind.
 */
type: "contactForm"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Which form: contact, plain, embedded or careers.
 */
variant: ("contact" | "plain" | "embedded" | "careers")
/**
 * Section heading (h2).
 */
heading?: string
intro?: Paragraphs2
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted")
}
/**
 * Figures that count up from 0 when they come into view (instantly under reduced motion). Values come from content/data/facts.yaml.
 */
export interface AnimatedCounters {
/**
 * Block kind.
 */
type: "counters"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Heading (h2).
 */
heading?: string
/**
 * One counter each.
 * 
 * @minItems 1
 */
items: [{
/**
 * Which number, e.g. counters.transformers (content/data/facts.yaml).
 */
fact: string
/**
 * What the number counts.
 */
label: string
/**
 * Shown after the number, e.g. + or MVA.
 */
suffix?: string
}, ...({
/**
 * Which number, e.g. counters.transformers (content/data/facts.yaml).
 */
fact: string
/**
 * What the number counts.
 */
label: string
/**
 * Shown after the number, e.g. + or MVA.
 */
suffix?: string
})[]]
}
/**
 * A grid of cards, each with a Détails / Details button that opens a modal window with the card's details and a Fermer / Close button. With JavaScript off the details are shown in the card.
 */
export interface CardsWithDetailWindows {
/**
 * Block kind.
 */
type: "detailModals"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Heading above the cards (h2).
 */
heading?: string
intro?: Paragraphs
/**
 * Cards per row on large screens (default 2).
 */
columns?: (2 | 3 | 4)
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted")
buttons?: Links
/**
 * The cards, in order.
 * 
 * @minItems 1
 */
items: [{
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Card title (h3); also the title of its window.
 */
title: string
image?: Image1
summary?: Paragraphs3
/**
 * What the window shows.
 */
details: (({
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
}) & {
image?: Image1
paragraphs?: Paragraphs
list?: List
/**
 * A fact sheet of content/data/specs.yaml or sme.yaml shown as a table after the list.
 */
sheet?: ((string | string) & string)
/**
 * Caption of that table.
 */
sheetCaption?: string
listAfter?: Paragraphs4
})
links?: Links
}, ...({
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Card title (h3); also the title of its window.
 */
title: string
image?: Image1
summary?: Paragraphs3
/**
 * What the window shows.
 */
details: (({
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
}) & {
image?: Image1
paragraphs?: Paragraphs
list?: List
/**
 * A fact sheet of content/data/specs.yaml or sme.yaml shown as a table after the list.
 */
sheet?: ((string | string) & string)
/**
 * Caption of that table.
 */
sheetCaption?: string
listAfter?: Paragraphs4
})
links?: Links
})[]]
}
/**
 * Images with captions, each with an enlarge link that opens the large image in a modal window (with JavaScript off the link opens the image itself).
 */
export interface ImageGallery {
/**
 * Block kind.
 */
type: "gallery"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Heading above the gallery (h2).
 */
heading?: string
intro?: Paragraphs
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted")
/**
 * The images, in order.
 * 
 * @minItems 1
 */
items: [{
/**
 * Larger version shown when enlarged (default: the same image): its path is <block id>/<item id>/large in content/data/images.yaml (added by the loader).
 */
large?: string
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
image: Image1
/**
 * Caption under the image; also the title of the enlarged view.
 */
caption: string
}, ...({
/**
 * Larger version shown when enlarged (default: the same image): its path is <block id>/<item id>/large in content/data/images.yaml (added by the loader).
 */
large?: string
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
image: Image1
/**
 * Caption under the image; also the title of the enlarged view.
 */
caption: string
})[]]
}
/**
 * The home page's banner: two background images that alternate (site.timing.heroRotationMs, fade heroFadeMs, CSS only, still under reduced motion), the h1 made of a fixed lead and a typed word cycling through `words`, a tagline and buttons.
 */
export interface HeroBanner {
/**
 * Block kind.
 */
type: "hero"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * The two background images, in order of appearance (decorative: alt may be empty).
 * 
 * @minItems 2
 * @maxItems 2
 */
images: [Image1, Image1]
/**
 * The whole headline as read by screen readers and search engines, e.g. 'Collaboration, Respect & Innovation'. It stays the same while the visible word changes.
 */
heading: string
/**
 * Fixed start of the visible headline, e.g. 'Collaboration &'.
 */
lead: string
/**
 * Words typed one after the other after the lead (site.timing.typedWordMs each); the first one is shown without JavaScript or under reduced motion.
 * 
 * @minItems 1
 * 
 * Items: Plain text. May quote a fact as {{group.name}}.
 */
words: [string, ...(string)[]]
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
tagline?: string
buttons?: Links
}
/**
 * Thumbnails with captions; each opens its large image in a modal window (with JavaScript off, a plain link to the image). The images are the policy documents of content/data/certificates.yaml.
 */
export interface ImagesOpeningInAModal {
/**
 * Block kind.
 */
type: "imageModals"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted")
/**
 * The images, in order.
 * 
 * @minItems 1
 */
items: [{
/**
 * Policy document id from content/data/certificates.yaml.
 */
policy: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
caption: string
}, ...({
/**
 * Policy document id from content/data/certificates.yaml.
 */
policy: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
caption: string
})[]]
}
/**
 * Cards for the first articles of the news page of the same language (its newsList block), each linking to the article on that page, and buttons (all news).
 */
export interface LatestNews {
/**
 * Block kind.
 */
type: "latestNews"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading: string
intro?: Paragraphs
/**
 * Page id holding the newsList block (default news).
 */
page?: string
/**
 * How many articles, from the top of the list (default 4).
 */
count?: number
buttons?: Links
}
/**
 * The factory and offices from content/site.yaml addresses, each with a Direction link to its map, then the general phone, e-mail and social links.
 */
export interface Locations {
/**
 * Block kind.
 */
type: "locations"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * Which addresses, in order (default: every address of site.yaml, factory first).
 * 
 * @minItems 1
 * 
 * Items: Id of an address in content/site.yaml.
 */
addresses?: [string, ...(string)[]]
}
/**
 * A sentence ending with a mail link to one of the addresses of content/site.yaml (written once there, never copied into pages), and optional buttons.
 */
export interface WriteToUsPrompt {
/**
 * Block kind.
 */
type: "mailPrompt"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
/**
 * A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
text: string
/**
 * Which address of content/site.yaml `contact`: email (general contact) or recruitmentEmail (CVs).
 */
address: ("email" | "recruitmentEmail")
/**
 * Text right after the address, e.g. a full stop or the rest of the sentence.
 */
after?: string
buttons?: Links
/**
 * Background of the section (default muted).
 */
tone?: ("plain" | "muted")
}
/**
 * Articles in a grid (two per row on large screens), in the order of content/data/news.yaml (newest first). Each has an image carousel, a title, a category, a date, a body and follow-us links to networks of site.yaml. Category, date and images are written once in content/data/news.yaml; this block gives each article's words.
 */
export interface NewsList {
/**
 * Block kind.
 */
type: "newsList"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
/**
 * Networks of site.yaml social shown under each article as follow-us links (default facebook and linkedin).
 */
follow?: ("facebook" | "instagram" | "linkedin" | "youtube")[]
/**
 * The words of every article of content/data/news.yaml, by id (the data file gives the order, category, date and images).
 * 
 * @minItems 1
 */
items: [{
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * A description (alt) of each image of the article in content/data/news.yaml, in the same order.
 * 
 * @minItems 1
 * @maxItems 3
 */
images: [{
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}]|[{
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}, {
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}]|[{
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}, {
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}, {
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}]
paragraphs: Paragraphs
}, ...({
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * A description (alt) of each image of the article in content/data/news.yaml, in the same order.
 * 
 * @minItems 1
 * @maxItems 3
 */
images: [{
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}]|[{
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}, {
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}]|[{
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}, {
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}, {
/**
 * Text alternative of the image at the same position in content/data/news.yaml.
 */
alt: string
}]
paragraphs: Paragraphs
})[]]
}
/**
 * End-of-studies project (PFE) offers as an accordion: code and title always visible, the details (department, objective, application objectives, functional part) when opened.
 */
export interface FinalYearProjectOffers {
/**
 * Block kind.
 */
type: "pfeOffers"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * Show the first offer open when the page loads (default: all closed).
 */
openFirst?: boolean
/**
 * The offers, in order.
 * 
 * @minItems 1
 */
offers: [{
/**
 * Offer code, the same in both languages, e.g. PFE-01 (also the anchor #pfe-01).
 */
code: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
department: string
objective: Paragraphs5
applicationObjectives: List1
functionalPart: List2
}, ...({
/**
 * Offer code, the same in both languages, e.g. PFE-01 (also the anchor #pfe-01).
 */
code: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
department: string
objective: Paragraphs5
applicationObjectives: List1
functionalPart: List2
})[]]
}
/**
 * A wide promotional strip: image, heading, short text and buttons. Its text may be in another language than the page (lang), as the old site's English banner on French pages.
 */
export interface PromotionalBanner {
/**
 * Block kind.
 */
type: "promoBanner"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Language of the banner's text when it differs from the page's (screen readers then switch voice).
 */
lang?: ("fr" | "en")
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading: string
paragraphs?: Paragraphs
image?: Image1
buttons?: Links
}
/**
 * A transformer ratings table from content/data/ratings.yaml (one row per kVA rating), as an accessible table that scrolls inside its own region on a phone. Column headings are UI strings (catalogue.ratings.*); indicative figures are labelled as such.
 */
export interface RatingsTable {
/**
 * Block kind.
 */
type: "ratingsTable"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * Id of the table in content/data/ratings.yaml (dist-24, dist-36, power, single-phase).
 */
table: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
caption: string
buttons?: Links
}
/**
 * Cards of people to reach directly (the sales experts): name, role, phone, WhatsApp, e-mail and LinkedIn, from content/data/contacts.yaml.
 */
export interface ContactCards {
/**
 * Block kind.
 */
type: "salesContacts"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * Cards per row on large screens (default 4).
 */
columns?: (2 | 3 | 4)
/**
 * The cards, in order.
 * 
 * @minItems 1
 */
items: [{
/**
 * Id of the person in content/data/contacts.yaml.
 */
contact: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
role: string
}, ...({
/**
 * Id of the person in content/data/contacts.yaml.
 */
contact: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
role: string
})[]]
}
/**
 * A heading with paragraphs, an optional list, an optional image and buttons.
 */
export interface TextSection {
/**
 * Block kind.
 */
type: "section"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
subheading?: string
paragraphs?: Paragraphs
list?: List
image?: Image1
/**
 * Where the image sits on large screens (default right).
 */
imageSide?: ("left" | "right")
buttons?: Links
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted" | "dark")
}
/**
 * Text blocks, each beside its own image carousel, with buttons: the home page's fields of expertise, the presentation's About section.
 */
export interface Showcase {
/**
 * Block kind.
 */
type: "showcase"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * grid: two blocks per row on large screens, carousel above the text; split: one block per row, text beside the carousel (default grid).
 */
layout?: ("grid" | "split")
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted")
/**
 * The blocks, in order.
 * 
 * @minItems 1
 */
items: [{
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
paragraphs?: Paragraphs
list?: List
images: Images
links?: Links
}, ...({
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
paragraphs?: Paragraphs
list?: List
images: Images
links?: Links
})[]]
}
/**
 * A statement (heading, paragraphs, optional signature) with a highlighted box beside it on large screens and below it on small ones.
 */
export interface TextWithSideBox {
/**
 * Block kind.
 */
type: "sideBox"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
subheading?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading: string
paragraphs: Paragraphs
/**
 * Who signs the statement.
 */
signature?: {
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
name?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
role: string
}
/**
 * The side box.
 */
box: {
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading: string
/**
 * Points of the box, in order.
 * 
 * @minItems 1
 */
items: [{
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
text: string
}, ...({
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
text: string
})[]]
}
}
/**
 * The search page's form and results (Pagefind index built with the site), in the page's language. With JavaScript off it lists every page of the language instead. Labels and messages come from the `search` keys of content/i18n.
 */
export interface SiteSearch {
/**
 * Block kind.
 */
type: "siteSearch"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
intro?: Paragraphs
}
/**
 * Two-column table of technical facts (label, value) from a fact sheet of content/data/specs.yaml or sme.yaml. Labels and phrases are UI strings (catalogue.spec.*, catalogue.specValue.*); numbers are formatted for the page's language.
 */
export interface TechnicalFactsTable {
/**
 * Block kind.
 */
type: "specTable"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * Id of the fact sheet in content/data/specs.yaml or content/data/sme.yaml.
 */
sheet: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
caption: string
/**
 * Background of the section (default plain).
 */
tone?: ("plain" | "muted")
buttons?: Links
}
/**
 * Vertical timeline of the milestones of content/data/timeline.yaml, sorted by year. Every milestone needs its label here.
 */
export interface Timeline {
/**
 * Block kind.
 */
type: "timeline"
/**
 * Fragment id (lower-case, digits, dashes) other pages can link to as page:<id>#<anchor>.
 */
id?: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
heading?: string
intro?: Paragraphs
/**
 * The label of each milestone in this language (order does not matter: the years set it).
 * 
 * @minItems 1
 */
items: [{
/**
 * Milestone id from content/data/timeline.yaml.
 */
id: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
text?: string
}, ...({
/**
 * Milestone id from content/data/timeline.yaml.
 */
id: string
/**
 * Plain text. May quote a fact as {{group.name}}.
 */
title: string
/**
 * A paragraph. Inline: **bold**, [label](page:<id>), [label](mailto:...), [label](/docs/x.pdf); facts as {{group.name}}.
 */
text?: string
})[]]
}

/**
 * Id (lower-case, digits, dashes), used by the pages to refer to this entry.
 */
export type CertificatesDataId = string
/**
 * Small image shown in the list, under public/ (portrait, about 250 × 350).
 */
export type CertificatesDataThumbnail = string
/**
 * Large image shown in the modal window, under public/.
 */
export type CertificatesDataImage = string
/**
 * One path (an `image`), or a list of paths, one per image of an `images` list, in the same order as their alt in the language files.
 * 
 * @minItems 1
 */
export type ImagesDataSlot = (string | [ImagesDataPath, ...(ImagesDataPath)[]])
/**
 * Image path under public/, e.g. /images/home/hero-1.svg.
 */
export type ImagesDataPath = string
/**
 * ISO certificate logos, in order.
 * 
 * @minItems 1
 */
export type LogosDataGroup = [{
/**
 * Stable id of the logo (lower-case, digits, dashes).
 */
id: string
/**
 * Organisation or certificate name; the logo's text alternative.
 */
name: string
/**
 * Logo image under public/, e.g. /images/logos/client-01.svg.
 */
src: string
}, ...({
/**
 * Stable id of the logo (lower-case, digits, dashes).
 */
id: string
/**
 * Organisation or certificate name; the logo's text alternative.
 */
name: string
/**
 * Logo image under public/, e.g. /images/logos/client-01.svg.
 */
src: string
})[]]
/**
 * Customer logos, in order.
 * 
 * @minItems 1
 */
export type LogosDataGroup1 = [{
/**
 * Stable id of the logo (lower-case, digits, dashes).
 */
id: string
/**
 * Organisation or certificate name; the logo's text alternative.
 */
name: string
/**
 * Logo image under public/, e.g. /images/logos/client-01.svg.
 */
src: string
}, ...({
/**
 * Stable id of the logo (lower-case, digits, dashes).
 */
id: string
/**
 * Organisation or certificate name; the logo's text alternative.
 */
name: string
/**
 * Logo image under public/, e.g. /images/logos/client-01.svg.
 */
src: string
})[]]
/**
 * Companies trained by the training centre (training page), in order.
 * 
 * @minItems 1
 */
export type LogosDataGroup2 = [{
/**
 * Stable id of the logo (lower-case, digits, dashes).
 */
id: string
/**
 * Organisation or certificate name; the logo's text alternative.
 */
name: string
/**
 * Logo image under public/, e.g. /images/logos/client-01.svg.
 */
src: string
}, ...({
/**
 * Stable id of the logo (lower-case, digits, dashes).
 */
id: string
/**
 * Organisation or certificate name; the logo's text alternative.
 */
name: string
/**
 * Logo image under public/, e.g. /images/logos/client-01.svg.
 */
src: string
})[]]
/**
 * One fact. Its value: the numbers with their unit, or a code; `text` wraps it in a translated phrase.
 */
export type SpecsDataRow = (({
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
}) & {
/**
 * What the fact is; its label is the UI string catalogue.spec.<id>.
 */
id: string
/**
 * Numbers, formatted for the page's language (5.5 shows as 5,5 in French).
 * 
 * @minItems 1
 */
values?: [number, ...(number)[]]
/**
 * Unit after the numbers (kV, Hz, kA...).
 */
unit?: string
/**
 * How several numbers are joined: list (5.5, 10, 11), or (50 or 60), slash (170/195), range (4–20). Default list.
 */
join?: ("list" | "or" | "slash" | "range")
/**
 * A language-neutral value: a standard, a class, a code (IEC 60076, RAL 7035, Dyn11).
 */
code?: string
/**
 * Translated phrase catalogue.specValue.<text>; it may place the value with {{value}}.
 */
text?: string
} & ({
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
} | {
[k: string]: unknown | undefined
}) & {
/**
 * What the fact is; its label is the UI string catalogue.spec.<id>.
 */
id: string
/**
 * Numbers, formatted for the page's language (5.5 shows as 5,5 in French).
 * 
 * @minItems 1
 */
values?: [number, ...(number)[]]
/**
 * Unit after the numbers (kV, Hz, kA...).
 */
unit?: string
/**
 * How several numbers are joined: list (5.5, 10, 11), or (50 or 60), slash (170/195), range (4–20). Default list.
 */
join?: ("list" | "or" | "slash" | "range")
/**
 * A language-neutral value: a standard, a class, a code (IEC 60076, RAL 7035, Dyn11).
 */
code?: string
/**
 * Translated phrase catalogue.specValue.<text>; it may place the value with {{value}}.
 */
text?: string
})

/**
 * content/data/<name>.yaml, by file name, each validated by its schema.
 */
export interface SiteData {
certificates: CertificatesData
contacts: ContactsData
documents: DocumentsData
images: ImagesData
logos: LogosData
news: NewsData
ratings: RatingsData
sme: SmeData
specs: SpecsData
timeline: TimelineData
facts: Facts
}
/**
 * Certificates by tab (management-system certificates and type-test certificates per testing body) and the quality, health, safety and environment policy images. Language-neutral: the pages give the headings and captions.
 */
export interface CertificatesData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * One tab of the certificates page each, in the order of the tabs.
 * 
 * @minItems 1
 */
groups: [{
id: CertificatesDataId
/**
 * Tab label, the same in every language (ISO, VEIKI-VNL, CESI, KEMA).
 */
label: string
/**
 * The certificates of this tab, in order.
 * 
 * @minItems 1
 */
certificates: [{
id: CertificatesDataId
/**
 * Name of the certificate, the same in every language, e.g. ISO 9001:2015 or CESI 100 kVA · 10 kV.
 */
label: string
thumbnail: CertificatesDataThumbnail
image: CertificatesDataImage
}, ...({
id: CertificatesDataId
/**
 * Name of the certificate, the same in every language, e.g. ISO 9001:2015 or CESI 100 kVA · 10 kV.
 */
label: string
thumbnail: CertificatesDataThumbnail
image: CertificatesDataImage
})[]]
}, ...({
id: CertificatesDataId
/**
 * Tab label, the same in every language (ISO, VEIKI-VNL, CESI, KEMA).
 */
label: string
/**
 * The certificates of this tab, in order.
 * 
 * @minItems 1
 */
certificates: [{
id: CertificatesDataId
/**
 * Name of the certificate, the same in every language, e.g. ISO 9001:2015 or CESI 100 kVA · 10 kV.
 */
label: string
thumbnail: CertificatesDataThumbnail
image: CertificatesDataImage
}, ...({
id: CertificatesDataId
/**
 * Name of the certificate, the same in every language, e.g. ISO 9001:2015 or CESI 100 kVA · 10 kV.
 */
label: string
thumbnail: CertificatesDataThumbnail
image: CertificatesDataImage
})[]]
})[]]
/**
 * Quality, health, safety and environment policy documents, one per language version.
 * 
 * @minItems 1
 */
policies: [{
id: CertificatesDataId
/**
 * Language the document is written in (BCP 47 code, e.g. fr, ar).
 */
language: string
thumbnail: CertificatesDataThumbnail
image: CertificatesDataImage
}, ...({
id: CertificatesDataId
/**
 * Language the document is written in (BCP 47 code, e.g. fr, ar).
 */
language: string
thumbnail: CertificatesDataThumbnail
image: CertificatesDataImage
})[]]
}
/**
 * Sales experts and other people a visitor can reach directly. Language-neutral: the role shown on a card is written in the page that shows it.
 */
export interface ContactsData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * One entry per person; pages refer to them by id (salesContacts block).
 * 
 * @minItems 1
 */
people: [{
/**
 * Id pages use to show this person, e.g. sales-africa.
 */
id: string
/**
 * Full name.
 */
name: string
/**
 * Phone in international form, e.g. +216 70 000 011.
 */
phone: string
/**
 * WhatsApp number in international form (linked through wa.me).
 */
whatsapp?: string
/**
 * E-mail address.
 */
email: string
/**
 * LinkedIn profile address.
 */
linkedin?: string
}, ...({
/**
 * Id pages use to show this person, e.g. sales-africa.
 */
id: string
/**
 * Full name.
 */
name: string
/**
 * Phone in international form, e.g. +216 70 000 011.
 */
phone: string
/**
 * WhatsApp number in international form (linked through wa.me).
 */
whatsapp?: string
/**
 * E-mail address.
 */
email: string
/**
 * LinkedIn profile address.
 */
linkedin?: string
})[]]
}
/**
 * The registry of downloadable documents (PDFs): one entry per document, written once for both languages. Content links to a document as doc:<id>; renaming its file is one edit here.
 */
export interface DocumentsData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * Every document of the site.
 * 
 * @minItems 1
 */
documents: [{
/**
 * Stable id (lower-case, digits, dashes) that content links to as doc:<id>. Keep it when the file changes.
 */
id: string
/**
 * The file under public/, e.g. /docs/catalogue-transformateurs-2024.pdf: the URL visitors download.
 */
file: string
/**
 * What the document is, in each language (for editors and the report; link labels stay in the pages).
 */
title: {
/**
 * French title.
 */
fr: string
/**
 * English title.
 */
en: string
}
/**
 * Old URLs of this document (a renamed or replaced file): each is redirected (301) to `file`. The old file must be removed from public/.
 * 
 * @minItems 1
 * 
 * Items: An old path of the document, starting with /, e.g. /docs/catalogue-2019.pdf.
 */
formerly?: [string, ...(string)[]]
}, ...({
/**
 * Stable id (lower-case, digits, dashes) that content links to as doc:<id>. Keep it when the file changes.
 */
id: string
/**
 * The file under public/, e.g. /docs/catalogue-transformateurs-2024.pdf: the URL visitors download.
 */
file: string
/**
 * What the document is, in each language (for editors and the report; link labels stay in the pages).
 */
title: {
/**
 * French title.
 */
fr: string
/**
 * English title.
 */
en: string
}
/**
 * Old URLs of this document (a renamed or replaced file): each is redirected (301) to `file`. The old file must be removed from public/.
 * 
 * @minItems 1
 * 
 * Items: An old path of the document, starting with /, e.g. /docs/catalogue-2019.pdf.
 */
formerly?: [string, ...(string)[]]
})[]]
}
/**
 * Where each image of each page is, written once for both languages: by page id, then by slot (the block id, then the list item id, joined by /; `banner` for the page's banner). The language files describe each image with its alt, at the same place.
 */
export interface ImagesData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
[k: string]: ImagesDataPage | string | undefined
}
/**
 * The images of one page (its id in content/routes.yaml), by slot: the block id, then the list item id (`expertise/transformers`), then the key inside the item (`en-detail/architecture/details`); a gallery item's larger version is `<block id>/<item id>/large`.
 */
export interface ImagesDataPage {
[k: string]: ImagesDataSlot | undefined
}
/**
 * Logos shown in carousels, by group: ISO certificate logos, customer logos and the training centre's customer logos. Language-neutral: the name is the text alternative in both languages.
 */
export interface LogosData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
certificates: LogosDataGroup
clients: LogosDataGroup1
trainingClients?: LogosDataGroup2
}
/**
 * The language-neutral facts of each news article, written once for both languages: category, date and images, in display order (newest first). The words are in content/<lang>/news.yaml under the same id.
 */
export interface NewsData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * Every article, newest first: the news page shows them in this order, the home page's latest news takes the first ones.
 * 
 * @minItems 1
 */
articles: [{
/**
 * Article id and anchor (lower-case, digits, dashes): the language files give its words under this id, other pages link to page:news#<id>.
 */
id: string
/**
 * Company news or factory news (label from the UI strings homeNews.news.category.*).
 */
category: ("company" | "factory")
/**
 * Date of the event: YYYY-MM-DD, or YYYY-MM when only the month is known. Shown in the page's language.
 */
date: string
/**
 * Last day (YYYY-MM-DD) of an event lasting several days.
 */
endDate?: string
/**
 * One to three images under public/ (a carousel when more than one); each language file describes them with one alt each, in this order.
 * 
 * @minItems 1
 * @maxItems 3
 * 
 * Items: Image path under public/, e.g. /images/news/x-1.svg.
 */
images: [string]|[string, string]|[string, string, string]
}, ...({
/**
 * Article id and anchor (lower-case, digits, dashes): the language files give its words under this id, other pages link to page:news#<id>.
 */
id: string
/**
 * Company news or factory news (label from the UI strings homeNews.news.category.*).
 */
category: ("company" | "factory")
/**
 * Date of the event: YYYY-MM-DD, or YYYY-MM when only the month is known. Shown in the page's language.
 */
date: string
/**
 * Last day (YYYY-MM-DD) of an event lasting several days.
 */
endDate?: string
/**
 * One to three images under public/ (a carousel when more than one); each language file describes them with one alt each, in this order.
 * 
 * @minItems 1
 * @maxItems 3
 * 
 * Items: Image path under public/, e.g. /images/news/x-1.svg.
 */
images: [string]|[string, string]|[string, string, string]
})[]]
}
/**
 * Every ratings table of the catalogue, written once for both languages. Pages show one with a ratingsTable block (table: <id>). Figures the spec does not give are indicative: taken from public standards and typical manufacturer practice, and the page says so.
 */
export interface RatingsData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * One ratings table per transformer range.
 * 
 * @minItems 1
 */
tables: [RatingsDataTable, ...(RatingsDataTable)[]]
}
/**
 * A ratings table: one row per rated power.
 */
export interface RatingsDataTable {
/**
 * Table id, quoted by ratingsTable blocks (table: dist-24).
 */
id: string
/**
 * three-phase: losses, impedance, voltage drop, efficiency, dimensions and weights; single-phase: dimensions and weights only.
 */
kind: ("three-phase" | "single-phase")
/**
 * true when the figures are not measured values of a product: the page then labels the table 'indicative values'.
 */
indicative: boolean
/**
 * Where the figures come from (for editors; not shown on the page).
 */
source: string
/**
 * One row per rated power, in ascending order.
 * 
 * @minItems 1
 */
rows: [unknown, ...(unknown)[]]
}
/**
 * The rated characteristics of the air-insulated SME 36 kV cells (spec section 3), written once for both languages and shown by a specTable block (sheet: sme-36). Rows have the shape of content/data/specs.yaml.
 */
export interface SmeData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * The SME fact sheets.
 * 
 * @minItems 1
 */
sheets: [SpecsDataSheet, ...(SpecsDataSheet)[]]
}
/**
 * One fact sheet: rows shown as a two-column table.
 */
export interface SpecsDataSheet {
/**
 * Sheet id, quoted by specTable blocks.
 */
id: string
/**
 * The facts, in order.
 * 
 * @minItems 1
 */
rows: [SpecsDataRow, ...(SpecsDataRow)[]]
}
/**
 * Key/value technical facts of the catalogue, written once for both languages and shown by specTable blocks (sheet: <id>). Row labels are UI strings catalogue.spec.<row id>; translated value texts are catalogue.specValue.<text>.
 */
export interface SpecsData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * The fact sheets.
 * 
 * @minItems 1
 */
sheets: [SpecsDataSheet, ...(SpecsDataSheet)[]]
}
/**
 * The company's milestones, language-neutral: an id and a year each. Labels are written per language in the page that shows the timeline, keyed by the same ids.
 */
export interface TimelineData {
/**
 * Editor hint, ignored by the build.
 */
$schema?: string
/**
 * Milestones; shown sorted by year.
 * 
 * @minItems 1
 */
entries: [{
/**
 * Milestone id (lower-case, digits, dashes), the key of its label in the page files.
 */
id: string
/**
 * Year of the milestone.
 */
year: number
}, ...({
/**
 * Milestone id (lower-case, digits, dashes), the key of its label in the page files.
 */
id: string
/**
 * Year of the milestone.
 */
year: number
})[]]
}
/**
 * Figures and names written once for both languages. Any content string can quote one as {{group.name}}; numbers are formatted for the page's language.
 */
export interface Facts {
/**
 * A group of facts.
 */
[k: string]: {
/**
 * A figure or a name.
 */
[k: string]: number | string | undefined
} | undefined
}
