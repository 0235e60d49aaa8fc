// The planted-mistakes suite: every kind of mistake an editor makes, each planted alone in a copy
// of the content (the `good` fixture or the real content, plus a small patch). Each must give
// exactly one message, at the file:line:col of the offending value, in words that say what is
// wrong and what would be right. Messages are pinned: changing one is a visible decision.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { collectContent, collectOutdated, projectDirs } from '../../scripts/lib/content/load.ts'
import { outdatedLines } from '../../scripts/lib/report/outdatedTranslations.ts'
import { formatProblem, placeOf, sortProblems } from '../../templates/core/content/problems.ts'
import { type Base, type Patch, removeTree, repo, treeFrom } from './fixtureTree.ts'

/**
 * `message`: the line `npm run validate` prints; `fr`, when pinned: the French the editor shows
 * (`file:line:col  key  fr`). Every mistake's French is checked present and not the English.
 */
type Mistake = { name: string; base?: Base; patch: Patch; message: string; fr?: string }

const fr = (f: string) => `content/fr/${f}`
const en = (f: string) => `content/en/${f}`
const ROUTES = 'content/routes.yaml'
const IMAGES = 'content/data/images.yaml'

const MISTAKES: Mistake[] = [
  // YAML syntax: one or two sentences, at the place of the mistake, no parser jargon.
  {
    name: 'a tab indents a line',
    patch: { replace: [[fr('contact.yaml'), '  - type: section', '\t- type: section']] },
    message: 'content/fr/contact.yaml:4:1  blocks  tabs cannot indent YAML; use spaces',
  },
  {
    name: 'a quote is not closed',
    patch: { replace: [[fr('contact.yaml'), 'title: Nous contacter', 'title: "Nous contacter']] },
    message:
      'content/fr/contact.yaml:1:8  title  YAML syntax error: this quoted text has no closing quote; end it with the same quote it starts with',
  },
  {
    name: 'a duplicate key (and no false "file missing")',
    patch: {
      replace: [
        [
          'content/site.yaml',
          'copyrightYear: 2025',
          'copyrightYear: 2025\nsiteUrl: https://x.example',
        ],
      ],
    },
    message:
      'content/site.yaml:48:1  siteUrl  duplicate key: each key may appear only once in a mapping; remove or rename one of them',
  },
  {
    name: 'a list not closed',
    patch: { replace: [[ROUTES, '[/nouscontacter]', '[/nouscontacter']] },
    message:
      'content/routes.yaml:17:52  routes[3].fr.aliases[0]  YAML syntax error: this [ list is not closed; end it with ] (or indent its next lines more)',
  },
  {
    name: "a French page's syntax error, and not the English page's facts it would give as missing",
    base: 'real',
    patch: {
      replace: [
        [
          fr('presentation.yaml'),
          'heading: Présentation de la société',
          'heading: [Présentation de la société',
        ],
      ],
    },
    message:
      'content/fr/presentation.yaml:4:1  heading[0]  YAML syntax error: this [ list is not closed; end it with ] (or indent its next lines more)',
  },
  {
    name: 'aliases that expand to too much data (no stack trace)',
    patch: {
      replace: [
        [
          fr('contact.yaml'),
          'title: Nous contacter',
          `title: Nous contacter\nx-list: &l [a, b]\nx-many: [${Array(120).fill('*l').join(', ')}]`,
        ],
      ],
    },
    message:
      'content/fr/contact.yaml:3:10  x-many[0]  YAML aliases (*name) here repeat an anchored value too many times; write the values out instead',
  },
  // Schema: types, keys, blocks.
  {
    name: 'a wrong type (YAML reads 12 as a number)',
    patch: { replace: [[fr('home.yaml'), 'title: Accueil', 'title: 12']] },
    message: 'content/fr/home.yaml:1:8  title  must be a string (got number 12)',
    fr: 'content/fr/home.yaml:1:8  title  doit être un texte (reçu : le nombre 12)',
  },
  {
    name: 'a missing required key',
    patch: { replace: [[en('home.yaml'), /description: .*\n/, '']] },
    message: 'content/en/home.yaml:1:1  description  is required but missing',
    fr: 'content/en/home.yaml:1:1  description  obligatoire, mais absent',
  },
  {
    name: 'an unknown key',
    patch: {
      replace: [
        [fr('capacitor-banks.yaml'), '    heading: SCEFix', '    headline: x\n    heading: SCEFix'],
      ],
    },
    message:
      'content/fr/capacitor-banks.yaml:6:5  blocks[0].headline  unknown key (allowed here: type, id, heading, subheading, paragraphs, list, image, imageSide, buttons, tone)',
  },
  {
    name: 'a key misspelt in one language (not also the key missing there)',
    patch: {
      replace: [
        [fr('power-systems.yaml'), '    heading: Nos tableaux', '    headline: Nos tableaux'],
      ],
    },
    message:
      'content/fr/power-systems.yaml:5:5  blocks[0].headline  unknown key (allowed here: type, id, heading, subheading, paragraphs, list, image, imageSide, buttons, tone)',
  },
  {
    name: 'an unknown block type',
    patch: { replace: [[en('contact.yaml'), 'type: section', 'type: carousel-3d']] },
    message:
      'content/en/contact.yaml:4:11  blocks[0].type  unknown block type "carousel-3d": the known types are the files of schemas/blocks/',
  },
  {
    name: "a block's type changed in one language (not one message per key that no longer fits)",
    patch: { replace: [[en('power-systems.yaml'), '  - type: section\n', '  - type: cards\n']] },
    message:
      'content/en/power-systems.yaml:4:11  blocks[0].type  a "cards" block here but a "section" block in content/fr/power-systems.yaml:4:5; as a cards block it has an unknown key paragraphs and lacks items: give it the same type in both files',
    fr: "content/en/power-systems.yaml:4:11  blocks[0].type  un bloc « cards » ici, mais un bloc « section » dans content/fr/power-systems.yaml:4:5 ; en tant que bloc cards, il a une clé inconnue paragraphs et n'a pas items : donnez-lui le même type dans les deux fichiers",
  },
  {
    name: 'an empty title in one language',
    patch: { replace: [[en('contact.yaml'), 'title: Contact us', "title: ''"]] },
    message: 'content/en/contact.yaml:1:8  title  must be a non-empty string',
    // The editor's panel shows it as "Anglais › Titre de la page : …" (tests/dev/cms.spec.ts).
    fr: 'content/en/contact.yaml:1:8  title  ne doit pas être vide',
  },
  // Links, anchors and files, in link fields and in running text.
  {
    name: 'a link field to an unknown page',
    patch: {
      replace: [[fr('power-systems.yaml'), 'href: "page:capacitor-banks"', 'href: "page:nope"']],
    },
    message:
      'content/fr/power-systems.yaml:16:43  blocks[1].items[1].links[0].href  unknown page id "nope" (see content/routes.yaml; e.g. home, power-systems, capacitor-banks, contact)',
  },
  {
    name: 'a page: link inside running text to an unknown page',
    patch: {
      replace: [[fr('power-systems.yaml'), '(page:capacitor-banks#scefix)', '(page:nope)']],
    },
    message:
      'content/fr/power-systems.yaml:8:9  blocks[0].paragraphs[1]  link [batteries de condensateurs](page:nope): unknown page id "nope" (see content/routes.yaml; e.g. home, power-systems, capacitor-banks, contact)',
    fr: 'content/fr/power-systems.yaml:8:9  blocks[0].paragraphs[1]  lien [batteries de condensateurs](page:nope) : id de page « nope » inconnu (voir content/routes.yaml ; par exemple home, power-systems, capacitor-banks, contact)',
  },
  {
    name: 'a #anchor the target page does not have (running text)',
    patch: { replace: [[en('power-systems.yaml'), '#scefix)', '#scevar)']] },
    message:
      'content/en/power-systems.yaml:8:9  blocks[0].paragraphs[1]  link [capacitor banks](page:capacitor-banks#scevar): page "capacitor-banks" has no #scevar: its ids are #scefix; link to one of them or drop the #part',
  },
  {
    name: 'a #anchor the target page does not have (link field)',
    patch: {
      replace: [
        [
          en('power-systems.yaml'),
          'href: "page:capacitor-banks"',
          'href: "page:capacitor-banks#nope"',
        ],
      ],
    },
    message:
      'content/en/power-systems.yaml:16:39  blocks[1].items[1].links[0].href  page "capacitor-banks" has no #nope: its ids are #scefix; link to one of them or drop the #part',
  },
  {
    name: 'a link to a PDF that does not exist',
    patch: {
      replace: [
        [en('capacitor-banks.yaml'), '/docs/catalogue-batteries.pdf', '/docs/catalogue-scevar.pdf'],
      ],
    },
    message:
      'content/en/capacitor-banks.yaml:10:35  blocks[0].buttons[0].href  file not found: expected public/docs/catalogue-scevar.pdf to exist',
  },
  {
    name: 'a PDF link inside running text to a file that does not exist',
    patch: {
      replace: [
        [fr('capacitor-banks.yaml'), 'Catalogue en PDF.', 'Le [catalogue](/docs/nope.pdf).'],
      ],
    },
    message:
      'content/fr/capacitor-banks.yaml:8:9  blocks[0].paragraphs[0]  link [catalogue](/docs/nope.pdf): file not found: expected public/docs/nope.pdf to exist',
  },
  {
    name: 'a link to a path no page has',
    patch: {
      replace: [
        [fr('power-systems.yaml'), 'href: "page:capacitor-banks"', 'href: /batterie_condencateur'],
      ],
    },
    message:
      'content/fr/power-systems.yaml:16:43  blocks[1].items[1].links[0].href  no page, alias or redirect has the path "/batterie_condencateur": link to a page as page:<id>',
  },
  {
    name: 'a link that is no link',
    patch: {
      replace: [
        [fr('power-systems.yaml'), 'href: "page:capacitor-banks"', 'href: capacitor-banks'],
      ],
    },
    message:
      'content/fr/power-systems.yaml:16:43  blocks[1].items[1].links[0].href  must be a link: page:<page-id>, doc:<document-id>, a path starting with /, #fragment, https://, mailto: or tel:',
  },
  {
    name: 'a missing image',
    patch: { replace: [['content/site.yaml', 'logo: /images/logo.svg', 'logo: /images/logo.png']] },
    message:
      'content/site.yaml:5:9  company.logo  image file not found: expected public/images/logo.png to exist',
  },
  // Image paths, written once in content/data/images.yaml; the language files hold the alt.
  {
    name: 'an image path still written in a page file',
    base: 'real',
    patch: {
      replace: [
        [
          fr('home.yaml'),
          '      alt: "Siège',
          '      src: /images/home/intro.svg\n      alt: "Siège',
        ],
      ],
    },
    message:
      "content/fr/home.yaml:36:7  blocks[2].image.src  an image's path is not written in a language file: content/data/images.yaml holds it for both languages (under home:, intro: /images/home/intro.svg); remove src here and keep only alt",
  },
  {
    name: 'a larger image path still written in a page file',
    base: 'real',
    patch: {
      replace: [
        [
          fr('ais.yaml'),
          '        caption: "Poste de distribution publique en boucle"',
          '        large: /images/catalogue/ais/config-1.svg\n        caption: "Poste de distribution publique en boucle"',
        ],
      ],
    },
    message:
      "content/fr/ais.yaml:61:9  blocks[3].items[0].large  a larger image's path is not written in a language file: content/data/images.yaml holds it for both languages (under ais:, configurations/configuration-1/large: /images/catalogue/ais/config-1.svg); remove large here",
  },
  {
    name: 'a larger image given as a list',
    base: 'real',
    patch: {
      replace: [
        [
          IMAGES,
          '  configurations/configuration-1: /images/catalogue/ais/config-1.svg\n',
          '  configurations/configuration-1: /images/catalogue/ais/config-1.svg\n  configurations/configuration-1/large: [/images/catalogue/ais/config-1.svg]\n',
        ],
      ],
    },
    message:
      'content/data/images.yaml:74:41  ais.configurations/configuration-1/large  must be one path (the larger version of one image), not a list',
  },
  {
    name: 'an image without its path in images.yaml',
    base: 'real',
    patch: { replace: [[IMAGES, '  intro: /images/home/intro.svg\n', '']] },
    message:
      'content/fr/home.yaml:35:5  blocks[2].image  this image has no path: add intro: /images/… under home: in content/data/images.yaml',
  },
  {
    name: 'a path in images.yaml for an image no page has',
    base: 'real',
    patch: {
      replace: [
        [
          IMAGES,
          '  intro: /images/home/intro.svg\n',
          '  intro: /images/home/intro.svg\n  outro: /images/home/intro.svg\n',
        ],
      ],
    },
    message:
      'content/data/images.yaml:13:3  home.outro  page "home" has no image "outro" (a block id, then a list item id, joined by /): its images are hero, award-2024, intro, expertise/transformers, expertise/power-systems, expertise/services, expertise/training',
  },
  {
    name: 'images.yaml names an unknown page',
    base: 'real',
    patch: {
      replace: [
        [
          IMAGES,
          'history:\n',
          'histoire:\n  since-1966: /images/history/factory-1966.svg\nhistory:\n',
        ],
      ],
    },
    message:
      'content/data/images.yaml:31:1  histoire  unknown page id "histoire": the keys of this file are page ids of content/routes.yaml',
  },
  {
    name: 'a mistyped name in images.yaml (not also the image left without a path)',
    base: 'real',
    patch: {
      replace: [[IMAGES, '  intro: /images/home/intro.svg\n', '  intr: /images/home/intro.svg\n']],
    },
    message:
      'content/data/images.yaml:12:3  home.intr  page "home" has no image "intr", and its image "intro" (content/fr/home.yaml:35) has no path: rename intr to intro',
  },
  {
    name: 'a block id renamed in both languages, its image path left under the old name',
    base: 'real',
    patch: {
      replace: [
        [fr('home.yaml'), '    id: intro\n', '    id: introduction\n'],
        [en('home.yaml'), '    id: intro\n', '    id: introduction\n'],
      ],
    },
    message:
      'content/data/images.yaml:12:3  home.intro  page "home" has no image "intro", and its image "introduction" (content/fr/home.yaml:35) has no path: rename intro to introduction',
  },
  {
    name: 'fewer paths than images (images.yaml)',
    base: 'real',
    patch: { replace: [[IMAGES, '    - /images/presentation/about-3.svg\n', '']] },
    message:
      'content/data/images.yaml:28:5  presentation.about/who-we-are  2 paths for 3 images: content/fr/presentation.yaml and content/en/presentation.yaml describe 3 (one alt each); give one path per image, in the same order',
  },
  {
    name: 'fewer images than paths (one language)',
    base: 'real',
    patch: {
      replace: [[en('presentation.yaml'), '          - alt: "Test station (photo to come)"\n', '']],
    },
    message:
      'content/en/presentation.yaml:16:11  blocks[0].items[0].images  2 image descriptions for 3 images: content/data/images.yaml lists 3 paths for presentation: about/who-we-are, give one alt for each, in the same order',
  },
  {
    name: 'a list of paths for one image',
    base: 'real',
    patch: {
      replace: [
        [
          IMAGES,
          'award-2024: /images/home/award-2024.svg',
          'award-2024: [/images/home/award-2024.svg]',
        ],
      ],
    },
    message:
      'content/data/images.yaml:11:15  home.award-2024  must be one path (the page has one image here, not a list)',
  },
  {
    name: 'a missing image file (images.yaml)',
    base: 'real',
    patch: { replace: [[IMAGES, '/images/home/intro.svg', '/images/home/intro.jpg']] },
    message:
      'content/data/images.yaml:12:10  home.intro  image file not found: expected public/images/home/intro.jpg to exist',
  },
  {
    name: 'an image in a block without an id',
    base: 'real',
    patch: {
      replace: [
        [fr('home.yaml'), '    id: intro\n', ''],
        [en('home.yaml'), '    id: intro\n', ''],
      ],
    },
    message:
      'content/fr/home.yaml:34:5  blocks[2].image  this image cannot be named in content/data/images.yaml: give its block an id (the same in both languages), then write its path there under home: as <block id>: /images/…',
  },
  // Files and routes.
  {
    name: 'a route without its English file',
    patch: { remove: [en('not-found.yaml')] },
    message:
      'content/routes.yaml:19:11  routes[4].id  page "not-found" has no English content: expected content/en/not-found.yaml',
  },
  {
    name: 'a page file without a route',
    patch: { write: { [fr('orphan.yaml')]: 'title: x\ndescription: x\nblocks: []\n' } },
    message:
      'content/fr/orphan.yaml:1:1  (file)  no route for page id "orphan": add it to content/routes.yaml or remove the file',
  },
  {
    name: 'a route id changed, its files and the links left under the old one',
    patch: {
      replace: [[ROUTES, '  - id: capacitor-banks\n', '  - id: capacitor-bank\n']],
    },
    message:
      'content/routes.yaml:10:9  routes[2].id  page "capacitor-bank" has no content, while content/fr/capacitor-banks.yaml and content/en/capacitor-banks.yaml have no route: give this route its id capacitor-banks back, or rename those files to capacitor-bank.yaml (and every page:capacitor-banks link to page:capacitor-bank)',
  },
  {
    name: 'a route removed, its files (and the menu entry, redirect, links) left',
    patch: {
      replace: [
        [
          ROUTES,
          '  - id: contact\n    template: page\n    fr: { path: /contact, aliases: [/nouscontacter] }\n    en: { path: /en/contact }\n',
          '',
        ],
      ],
    },
    message:
      'content/fr/contact.yaml:1:1  (file)  no route for page id "contact": add it to content/routes.yaml or remove content/fr/contact.yaml and content/en/contact.yaml',
  },
  {
    name: 'a route added without its files',
    patch: {
      replace: [
        [
          ROUTES,
          'redirects:',
          '  - { id: warranty, template: page, fr: { path: /garantie }, en: { path: /en/warranty } }\nredirects:',
        ],
      ],
    },
    message:
      'content/routes.yaml:23:11  routes[8].id  page "warranty" has no French or English content: expected content/fr/warranty.yaml and content/en/warranty.yaml',
  },
  {
    name: 'a duplicate route path across languages',
    patch: { replace: [[ROUTES, 'en: { path: /en/contact }', 'en: { path: /contact }']] },
    message:
      'content/routes.yaml:18:17  routes[3].en.path  "/contact" is already the path of page "contact" (line 17): each path leads to one page; choose another path',
  },
  {
    name: 'an alias equal to another page path',
    patch: { replace: [[ROUTES, '[/nouscontacter]', '[/tableauMT-BT]']] },
    message:
      'content/routes.yaml:17:37  routes[3].fr.aliases[0]  "/tableauMT-BT" is already the path of page "power-systems" (line 7): each path leads to one page; choose another path',
  },
  {
    name: 'two paths that differ only by case',
    patch: { replace: [[ROUTES, '[/nouscontacter]', '[/TableauMT-BT]']] },
    message:
      'content/routes.yaml:17:37  routes[3].fr.aliases[0]  "/TableauMT-BT" differs only by case from "/tableauMT-BT", the path of page "power-systems" (line 7): hosts that ignore case cannot tell them apart; choose another path',
  },
  {
    name: 'a redirect from a live page path',
    patch: {
      replace: [
        [
          ROUTES,
          '  - { from: /Contact, to: contact, lang: fr }',
          '  - { from: /Contact, to: contact, lang: fr }\n  - { from: /en/contact, to: home, lang: en }',
        ],
      ],
    },
    message:
      'content/routes.yaml:25:13  redirects[1].from  redirect from "/en/contact" would hide a live page: it is the path of page "contact" (line 18); remove this redirect or change its from',
  },
  {
    name: 'two redirects from one path',
    patch: {
      replace: [
        [
          ROUTES,
          '  - { from: /Contact, to: contact, lang: fr }',
          '  - { from: /Contact, to: contact, lang: fr }\n  - { from: /Contact, to: home, lang: fr }',
        ],
      ],
    },
    message:
      'content/routes.yaml:25:13  redirects[1].from  duplicate from "/Contact": item 1 of this list already has it; give this one another from',
  },
  {
    name: 'a redirect to an unknown page',
    patch: { replace: [[ROUTES, 'to: contact', 'to: contacts']] },
    message:
      'content/routes.yaml:24:27  redirects[0].to  unknown page id "contacts" (see content/routes.yaml; e.g. home, power-systems, capacitor-banks, contact)',
  },
  {
    name: 'a duplicate route id',
    patch: {
      replace: [
        [
          ROUTES,
          'redirects:',
          '  - { id: contact, template: page, fr: { path: /contact2 }, en: { path: /en/contact2 } }\nredirects:',
        ],
      ],
    },
    message:
      'content/routes.yaml:23:11  routes[8].id  duplicate id "contact": item 4 of this list already has it; give this one another id',
  },
  {
    name: 'a menu entry without its label nav.<id>',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', '  power-systems: Tableaux MT/BT\n', ''],
        ['content/i18n/en.yaml', '  power-systems: MV/LV panels\n', ''],
      ],
    },
    message:
      'content/routes.yaml:27:11  menu[1].page  this menu entry has no UI string "nav.power-systems": add "power-systems: ..." under nav: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a menu entry naming an unknown page (not also its missing label nav.<id>)',
    patch: { replace: [[ROUTES, '  - page: power-systems', '  - page: power-system']] },
    message:
      'content/routes.yaml:27:11  menu[1].page  unknown page id "power-system" (see content/routes.yaml; e.g. home, power-systems, capacitor-banks, contact)',
  },
  {
    name: 'a UI string the templates use, removed from both languages',
    base: 'real',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', '  skipToContent: Aller au contenu\n', ''],
        ['content/i18n/en.yaml', '  skipToContent: Skip to content\n', ''],
      ],
    },
    message:
      'content/i18n/fr.yaml:68:1  common.skipToContent  the templates use the UI string "common.skipToContent" (templates/layout/Document.tsx), which no language file has: add "skipToContent: ..." under common: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a group of UI strings the templates use, removed from both languages',
    base: 'real',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', '  specJoin:\n    or: ou\n', ''],
        ['content/i18n/en.yaml', '  specJoin:\n    or: or\n', ''],
      ],
    },
    message:
      'content/i18n/fr.yaml:83:1  catalogue.specJoin.or  the templates use the UI string "catalogue.specJoin.or" (templates/blocks/SpecTable.tsx), which no language file has: add "or: ..." under catalogue.specJoin: (a new group) in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a form message the code asks for, removed from both languages',
    base: 'real',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', / {4}emailFormat: [^\n]*\n/, ''],
        ['content/i18n/en.yaml', / {4}emailFormat: [^\n]*\n/, ''],
      ],
    },
    message:
      'content/i18n/fr.yaml:190:3  form.errors.emailFormat  the templates use the UI string "form.errors.emailFormat" (templates/form/strings.ts), which no language file has: add "emailFormat: ..." under form.errors: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a social network without its label',
    base: 'real',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', '  facebook: Facebook\n', ''],
        ['content/i18n/en.yaml', '  facebook: Facebook\n', ''],
      ],
    },
    message:
      'content/site.yaml:46:16  social[0].network  this social network has no UI string "social.facebook": add "facebook: ..." under social: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a postal code that is not four digits',
    base: 'real',
    patch: { replace: [['content/site.yaml', 'postalCode: "2000"', 'postalCode: "20000"']] },
    message:
      'content/site.yaml:23:17  addresses[1].postalCode  does not have the expected form (pattern ^[0-9]{4}$): Tunisian postal code, four digits, e.g. 1000.',
  },
  {
    name: 'an address without its label',
    base: 'real',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', / {2}headOffice: [^\n]*\n/, ''],
        ['content/i18n/en.yaml', / {2}headOffice: [^\n]*\n/, ''],
      ],
    },
    message:
      'content/site.yaml:14:12  addresses[0].label  this address has no UI string "address.headOffice": add "headOffice: ..." under address: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a page of the header without its label nav.<id>',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', '  pfebook: PFE Book\n', ''],
        ['content/i18n/en.yaml', '  pfebook: PFE Book\n', ''],
      ],
    },
    message:
      'content/routes.yaml:21:11  routes[6].id  this page, linked from the header or footer, has no UI string "nav.pfebook": add "pfebook: ..." under nav: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a menu page the footer links to too, without its label: one message, at the menu entry',
    patch: {
      replace: [
        ['content/i18n/fr.yaml', '  contact: Nous contacter\n', ''],
        ['content/i18n/en.yaml', '  contact: Contact us\n', ''],
      ],
    },
    message:
      'content/routes.yaml:28:11  menu[2].page  this menu entry has no UI string "nav.contact": add "contact: ..." under nav: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
  {
    name: 'a UI string in one language only',
    patch: { replace: [['content/i18n/en.yaml', '  contact: Contact us\n', '']] },
    message:
      'content/i18n/fr.yaml:4:3  nav.contact  UI string has no English translation: add it to content/i18n/en.yaml',
  },
  {
    name: 'an unknown {{fact}}',
    patch: {
      replace: [
        [fr('not-found.yaml'), 'heading: La page', 'heading: Depuis {{company.nope}}, la page'],
      ],
    },
    message:
      'content/fr/not-found.yaml:5:14  blocks[0].heading  unknown fact {{company.nope}}: add it to content/data/facts.yaml',
  },
  // Ids and FR/EN structure.
  {
    name: 'a duplicate list item id (at the duplicate, not its list)',
    patch: {
      replace: [
        [
          en('power-systems.yaml'),
          '      - id: capacitor-banks\n        title: Capacitor banks',
          '      - id: ais\n        title: Capacitor banks',
        ],
      ],
    },
    message:
      'content/en/power-systems.yaml:13:13  blocks[1].items[1].id  duplicate id "ais": item 1 of this list already has it; give this one another id',
  },
  {
    name: 'a duplicate block id',
    patch: {
      replace: [
        [
          fr('capacitor-banks.yaml'),
          /$/,
          '  - type: section\n    id: scefix\n    heading: Encore\n',
        ],
        [en('capacitor-banks.yaml'), /$/, '  - type: section\n    id: more\n    heading: More\n'],
      ],
    },
    message:
      'content/fr/capacitor-banks.yaml:12:9  blocks[1].id  duplicate block id "scefix": block 1 of this page already has it (line 5); give this block another id',
  },
  {
    name: 'a duplicate block id on a block with an image (its image is not renamed besides)',
    base: 'real',
    patch: { replace: [[fr('home.yaml'), '    id: intro\n', '    id: expertise\n']] },
    message:
      'content/fr/home.yaml:46:9  blocks[4].id  duplicate block id "expertise": block 3 of this page already has it (line 29); give this block another id',
  },
  {
    name: 'a block in one language only',
    patch: { replace: [[en('contact.yaml'), /$/, '  - type: section\n    heading: More\n']] },
    message:
      'content/en/contact.yaml:6:5  blocks[1]  this "section" block is in content/en/contact.yaml but not in content/fr/contact.yaml: translate it there, after the "section" block at line 4, or remove it here',
  },
  {
    name: 'a block added in French only, mid-page (blocks paired by id, not by position)',
    base: 'real',
    patch: {
      replace: [
        [
          fr('capacitor-banks.yaml'),
          '  - type: section\n    id: presentation\n',
          '  - type: section\n    id: nouveau\n    heading: "Nouveau"\n    paragraphs:\n      - "Un texte."\n  - type: section\n    id: presentation\n',
        ],
      ],
    },
    message:
      'content/fr/capacitor-banks.yaml:13:5  blocks[1]  block "nouveau" is in content/fr/capacitor-banks.yaml but not in content/en/capacitor-banks.yaml: translate it there, after block "galerie" at line 6, or remove it here',
  },
  {
    name: 'a block with an image added in English only (its image is not asked a path for)',
    base: 'real',
    patch: {
      replace: [
        [
          en('home.yaml'),
          'blocks:\n',
          'blocks:\n  - type: section\n    id: extra\n    heading: "Extra"\n    image: { alt: "A photo" }\n',
        ],
      ],
    },
    message:
      'content/en/home.yaml:5:5  blocks[0]  block "extra" is in content/en/home.yaml but not in content/fr/home.yaml: translate it there, as its first block, or remove it here',
  },
  {
    name: 'a block moved in one language only',
    base: 'real',
    patch: {
      replace: [
        [
          fr('capacitor-banks.yaml'),
          /( {2}- type: section\n {4}id: presentation\n[\s\S]*)( {2}- type: section\n {4}id: choix\n[\s\S]*)$/,
          '$2$1',
        ],
      ],
    },
    message:
      'content/fr/capacitor-banks.yaml:13:5  blocks[1]  block "choix" is at another place in content/en/capacitor-banks.yaml (line 58): give the blocks the same order in both files',
  },
  {
    name: 'a list item in one language only (the message names it)',
    patch: {
      replace: [[en('power-systems.yaml'), '      - id: ais\n        title: AIS 36 kV cell\n', '']],
    },
    message:
      'content/en/power-systems.yaml:11:7  blocks[1].items  blocks[1].items has no item with id "ais" (content/fr/power-systems.yaml:11:9 has it): translate it here, or remove it there',
  },
  {
    name: 'a list item id changed in one language only (with an image: its path not asked for)',
    base: 'real',
    patch: {
      replace: [[en('capacitor-banks.yaml'), '      - id: scevar\n', '      - id: scevar2\n']],
    },
    message:
      'content/en/capacitor-banks.yaml:43:13  blocks[2].items[1].id  id "scevar2" here is "scevar" in content/fr/capacitor-banks.yaml:46:13: a list item has the same id in both languages; use one of them in both files',
  },
  {
    name: 'a news item id mistyped in one language (not also the article left without words)',
    base: 'real',
    patch: {
      replace: [
        [
          en('news.yaml'),
          '      - id: engineering-school-agreement\n',
          '      - id: engineering-school-agreemnt\n',
        ],
      ],
    },
    message:
      'content/en/news.yaml:18:13  blocks[0].items[1].id  unknown news.articles id "engineering-school-agreemnt" (known: transformer-25-mva-congo, engineering-school-agreement, social-progress-award-2024, night-first-aid-fire-exercise, seminar-sponsoring, iso-certification-renewal, fire-evacuation-drill, library-refurbishment, world-no-tobacco-day, student-visit, petanque-tournament, electricity-trade-show)',
  },
  {
    name: 'a block id in one language only',
    patch: {
      replace: [[fr('contact.yaml'), '  - type: section\n', '  - type: section\n    id: ecrire\n']],
    },
    message:
      'content/en/contact.yaml:4:5  blocks[0]  blocks[0].id is missing (content/fr/contact.yaml:5:9 has it): translate it here, or remove it there',
  },
  // Language-neutral settings: written once, in the French file (d5-neutral).
  {
    name: 'a neutral setting written again in the English file',
    base: 'real',
    patch: {
      replace: [
        [
          en('home.yaml'),
          '    heading: Our certifications\n',
          '    heading: Our certifications\n    perView: 3\n',
        ],
      ],
    },
    message:
      'content/en/home.yaml:88:14  blocks[5].perView  perView is set once, in content/fr/home.yaml (line 93); remove it here',
  },
  {
    name: 'a neutral setting that differs between the languages (columns 3 vs 2)',
    base: 'real',
    patch: {
      replace: [
        [
          en('services.yaml'),
          '    heading: "Our services"\n',
          '    heading: "Our services"\n    columns: 3\n',
        ],
      ],
    },
    message:
      'content/en/services.yaml:15:14  blocks[1].columns  columns is set once, in content/fr/services.yaml (line 16); remove it here',
  },
  {
    name: 'a neutral setting written only in the English file',
    base: 'real',
    patch: {
      replace: [[en('faqs.yaml'), '    id: question\n', '    id: question\n    tone: plain\n']],
    },
    message:
      'content/en/faqs.yaml:57:11  blocks[1].tone  tone is set once, for both languages, in content/fr/faqs.yaml; move it there',
  },
  {
    name: 'a required neutral setting missing from the French file (reported there only)',
    base: 'real',
    patch: { replace: [[fr('faqs.yaml'), '    address: email\n', '']] },
    message: 'content/fr/faqs.yaml:55:5  blocks[1].address  is required but missing',
  },
  {
    name: 'a wrong neutral setting in the French file (reported there only)',
    base: 'real',
    patch: { replace: [[fr('services.yaml'), '    columns: 2\n', '    columns: 5\n']] },
    message:
      'content/fr/services.yaml:16:14  blocks[1].columns  must be one of: 2, 3, 4 (got number 5)',
  },
  // Ids of content/data entries.
  {
    name: 'a spec table naming an unknown sheet (of either data file: one message)',
    base: 'real',
    patch: {
      replace: [[fr('transformer-dist-24.yaml'), '    sheet: dist-24\n', '    sheet: dist-42\n']],
    },
    message:
      'content/fr/transformer-dist-24.yaml:26:12  blocks[1].sheet  unknown sheet "dist-42": expected an id under sheets: in content/data/specs.yaml (dist-24, dist-36, power, single-phase, special, monitoring) or under sheets: in content/data/sme.yaml (sme-36)',
  },
  {
    name: 'a duplicate news id in a language file (not also the article it hides, nor its alts)',
    base: 'real',
    patch: {
      replace: [
        [
          fr('news.yaml'),
          '      - id: engineering-school-agreement\n',
          '      - id: transformer-25-mva-congo\n',
        ],
      ],
    },
    message:
      'content/fr/news.yaml:19:13  blocks[0].items[1].id  duplicate id "transformer-25-mva-congo": item 1 of this list already has it; give this one another id',
  },
  {
    name: 'a duplicate news id in content/data/news.yaml (not also the words that name its old id)',
    base: 'real',
    patch: {
      replace: [
        [
          'content/data/news.yaml',
          '  - id: engineering-school-agreement\n',
          '  - id: transformer-25-mva-congo\n',
        ],
      ],
    },
    message:
      'content/data/news.yaml:14:9  articles[1].id  duplicate id "transformer-25-mva-congo": item 1 of this list already has it; give this one another id',
  },
  // Labels of tables (real content: the catalogue's data).
  {
    name: 'a spec-table row without its UI label',
    base: 'real',
    patch: {
      replace: [
        [
          'content/data/specs.yaml',
          '      - { id: cooling, code: ONAN }',
          '      - { id: cooling, code: ONAN }\n      - { id: tankFinish, code: RAL 7035 }',
        ],
      ],
    },
    message:
      'content/data/specs.yaml:13:15  sheets[0].rows[6].id  this table row has no UI string "catalogue.spec.tankFinish": add "spec.tankFinish: ..." under catalogue: in content/i18n/fr.yaml and content/i18n/en.yaml',
  },
]

const trees: string[] = []
// Some eighty trees: on a busy machine their removal outlasted vitest's 10 s default.
afterAll(() => {
  for (const t of trees) removeTree(t)
}, 60_000)

function plant(m: Mistake): string {
  const dir = treeFrom(m.base ?? 'good', m.patch)
  trees.push(dir)
  return dir
}

describe('planted mistakes: one message each, at the offending value', { timeout: 60_000 }, () => {
  it('the good tree and the real content have no problem', () => {
    for (const base of ['good', 'real'] as const) {
      const dir = treeFrom(base)
      trees.push(dir)
      expect(collectContent(projectDirs(dir)).problems.map(formatProblem)).toEqual([])
    }
  })

  it.each(MISTAKES.map((m) => [m.name, m] as const))('%s', (_name, m) => {
    const { problems } = collectContent(projectDirs(plant(m)))
    const lines = sortProblems(problems).map(formatProblem)
    if (m.message === '') console.log(JSON.stringify([m.name, lines]))
    expect(lines, 'one mistake, one message').toHaveLength(1)
    expect(lines).toEqual([m.message])
    // The editor shows the same problem in French, from the same source.
    const [p] = problems
    if (!p) return
    if (m.fr === '') console.log(JSON.stringify([m.name, `${placeOf(p)}  ${p.key}  ${p.fr}`]))
    expect(p.fr, 'a French text').toMatch(/\S/)
    expect(p.fr, 'French, not the English text').not.toBe(p.message)
    if (m.fr) expect(`${placeOf(p)}  ${p.key}  ${p.fr}`).toBe(m.fr)
  })
})

/**
 * A mistake in a French value, planted in the real content (whose English files have their
 * translation records): validate's whole list, its outdated-translation warnings included, must be
 * the one message. A value whose French is in error is not yet a translation to review, and an
 * English file does not inherit its French file's unreadability.
 */
const FRENCH_MISTAKES: { name: string; patch: Patch; lines: string[] }[] = [
  {
    name: 'a news title emptied',
    patch: {
      replace: [
        [
          fr('news.yaml'),
          "title: Convention de collaboration avec une école d'ingénieurs",
          'title: ""',
        ],
      ],
    },
    lines: ['content/fr/news.yaml:20:16  blocks[0].items[1].title  must be a non-empty string'],
  },
  {
    name: 'an unknown page in running text',
    patch: { replace: [[fr('csr.yaml'), '(page:news)', '(page:nwes)']] },
    lines: [
      'content/fr/csr.yaml:58:9  blocks[2].paragraphs[0]  link [actualités](page:nwes): unknown page id "nwes" (see content/routes.yaml; e.g. home, presentation, news, history)',
    ],
  },
  {
    name: 'a missing #anchor in running text',
    patch: { replace: [[fr('csr.yaml'), '(page:news)', '(page:news#nope)']] },
    lines: [
      'content/fr/csr.yaml:58:9  blocks[2].paragraphs[0]  link [actualités](page:news#nope): page "news" has no #nope: its ids are #articles, #transformer-25-mva-congo, #engineering-school-agreement, #social-progress-award-2024, #night-first-aid-fire-exercise, #seminar-sponsoring, ...; link to one of them or drop the #part',
    ],
  },
  {
    name: 'two news articles with one id (at the second article, not its words as outdated)',
    patch: {
      replace: [
        [
          fr('news.yaml'),
          '      - id: engineering-school-agreement\n',
          '      - id: transformer-25-mva-congo\n',
        ],
      ],
    },
    lines: [
      'content/fr/news.yaml:19:13  blocks[0].items[1].id  duplicate id "transformer-25-mva-congo": item 1 of this list already has it; give this one another id',
    ],
  },
  {
    name: 'an unknown figure in a text',
    patch: {
      replace: [[fr('home.yaml'), 'Depuis {{company.founded}}', 'Depuis {{company.nope}}']],
    },
    lines: [
      'content/fr/home.yaml:15:18  blocks[0].buttons[0].label  unknown fact {{company.nope}}: add it to content/data/facts.yaml',
    ],
  },
  {
    name: "a French page's syntax error (not its English page's facts as missing, nor outdated)",
    patch: {
      replace: [
        [
          fr('presentation.yaml'),
          'heading: Présentation de la société',
          'heading: [Présentation de la société',
        ],
      ],
    },
    lines: [
      'content/fr/presentation.yaml:4:1  heading[0]  YAML syntax error: this [ list is not closed; end it with ] (or indent its next lines more)',
    ],
  },
  {
    name: "a French page emptied (not its English page's facts as missing)",
    patch: {
      write: {
        [fr('presentation.yaml')]:
          '# yaml-language-server: $schema=../../schemas/page.schema.json\n',
      },
    },
    lines: ['content/fr/presentation.yaml:1:1  (document)  must be an object (got null)'],
  },
  {
    name: "a French page's blocks that are no list (not its English page's facts as missing)",
    patch: {
      write: {
        [fr('presentation.yaml')]:
          '# yaml-language-server: $schema=../../schemas/page.schema.json\ntitle: Présentation\nheading: Présentation de la société\ndescription: "Fabricant tunisien de transformateurs depuis 1966 : notre histoire, nos chiffres clés, nos capacités de production et nos valeurs."\nblocks: x\n',
      },
    },
    lines: ['content/fr/presentation.yaml:5:9  blocks  must be an array (got "x")'],
  },
  {
    name: "the French news page's blocks that are no list (no crash, its articles not missing)",
    patch: {
      write: {
        [fr('news.yaml')]:
          '# yaml-language-server: $schema=../../schemas/page.schema.json\n# Les mots de chaque article, par id. Date, catégorie, images et ordre : content/data/news.yaml.\ntitle: Actualités\ndescription: "Les actualités de la société et de l\'usine : livraisons, certifications, distinctions, partenariats, exercices de sécurité et vie de l\'entreprise."\nblocks: x\n',
      },
    },
    lines: ['content/fr/news.yaml:5:9  blocks  must be an array (got "x")'],
  },
  // What is still a translation to review: a French value changed alone, with no error...
  {
    name: 'a French value changed alone: its English is an outdated translation',
    patch: { replace: [[fr('csr.yaml'), 'retrouvez nos actions', 'retrouvez toutes nos actions']] },
    lines: [
      'content/en/csr.yaml:55:9  blocks.everyday.paragraphs.0  warning: outdated translation: the French changed since the English was written (npm run translations)',
    ],
  },
  // ... even beside a French value in error, in the same block.
  {
    name: 'a French value in error beside one changed alone: the error, and the other value outdated',
    patch: {
      replace: [
        [fr('csr.yaml'), '(page:news)', '(page:nwes)'],
        [fr('csr.yaml'), 'heading: La RSE au quotidien', 'heading: La RSE, au quotidien'],
      ],
    },
    lines: [
      'content/fr/csr.yaml:58:9  blocks[2].paragraphs[0]  link [actualités](page:nwes): unknown page id "nwes" (see content/routes.yaml; e.g. home, presentation, news, history)',
      'content/en/csr.yaml:53:14  blocks.everyday.heading  warning: outdated translation: the French changed since the English was written (npm run translations)',
    ],
  },
]

/** What `npm run validate` prints at a place (scripts/validate.ts): the problems, then the warnings. */
function validateLines(dir: string): string[] {
  const dirs = projectDirs(dir)
  const { problems } = collectContent(dirs)
  return [
    ...sortProblems(problems).map(formatProblem),
    ...outdatedLines(collectOutdated(dirs, problems)),
  ].filter((l) => l.startsWith('content/'))
}

describe('a French mistake: one message, warnings included', { timeout: 60_000 }, () => {
  it.each(FRENCH_MISTAKES.map((m) => [m.name, m] as const))('%s', (_name, m) => {
    const dir = treeFrom('real', m.patch)
    trees.push(dir)
    const lines = validateLines(dir)
    if (!m.lines.length) console.log(JSON.stringify([m.name, lines]))
    expect(lines).toEqual(m.lines)
  })

  it('npm run validate prints the one message for two news articles with one id', () => {
    const m = FRENCH_MISTAKES.find((x) => x.name.startsWith('two news articles with one id'))
    if (!m) throw new Error('planted mistake missing')
    const dir = treeFrom('real', m.patch)
    trees.push(dir)
    const r = spawnSync('npx', ['tsx', 'scripts/validate.ts', '--root', dir], {
      cwd: repo,
      encoding: 'utf8',
    })
    expect(r.status).toBe(1)
    expect(r.stderr.split('\n').filter((l) => l.startsWith('content/'))).toEqual(m.lines)
    expect(r.stderr).not.toContain('outdated translation')
  })
})

describe('the commands an editor runs on a planted mistake', { timeout: 120_000 }, () => {
  const mistake = MISTAKES.find(
    (m) => m.name === 'a page: link inside running text to an unknown page',
  )
  if (!mistake) throw new Error('planted mistake missing')
  const run = (script: string, dir: string) =>
    spawnSync('npx', ['tsx', script, '--root', dir], { cwd: repo, encoding: 'utf8' })

  it('npm run validate exits 1, prints the one message, and the report says so with a link to the line', () => {
    const dir = plant(mistake)
    const r = run('scripts/validate.ts', dir)
    expect(r.status).toBe(1)
    expect(r.stderr.split('\n').filter((l) => l.startsWith('content/'))).toEqual([mistake.message])
    expect(r.stderr).not.toMatch(/\n\s+at /) // no stack trace
    const json = JSON.parse(readFileSync(join(dir, 'reports', 'report.json'), 'utf8'))
    expect(json).toMatchObject({ ok: false, command: 'npm run validate', errors: 1 })
    expect(Date.now() - Date.parse(json.generatedAt)).toBeLessThan(120_000)
    expect(json.findings[0]).toMatchObject({
      category: 'content',
      file: 'content/fr/power-systems.yaml',
      line: 8,
      col: 9,
      editorUrl: `vscode://file${encodeURI(join(dir, 'content/fr/power-systems.yaml'))}:8:9`,
    })
    const html = readFileSync(join(dir, 'reports', 'report.html'), 'utf8')
    expect(html).toContain('<h1>Build report: failed</h1>')
    expect(html).toContain(
      `href="vscode://file${encodeURI(join(dir, 'content/fr/power-systems.yaml'))}:8:9"`,
    )
  })

  it('npm run validate exits 1 on an image path left in a page file, with its one message', () => {
    const image = MISTAKES.find((m) => m.name === 'an image path still written in a page file')
    if (!image) throw new Error('planted mistake missing')
    const r = run('scripts/validate.ts', plant(image))
    expect(r.status).toBe(1)
    expect(r.stderr.split('\n').filter((l) => l.startsWith('content/'))).toEqual([image.message])
  })

  it('npm run validate exits 1 on a neutral setting repeated in an English file, with its one message', () => {
    const neutral = MISTAKES.find(
      (m) => m.name === 'a neutral setting that differs between the languages (columns 3 vs 2)',
    )
    if (!neutral) throw new Error('planted mistake missing')
    const r = run('scripts/validate.ts', plant(neutral))
    expect(r.status).toBe(1)
    expect(r.stderr.split('\n').filter((l) => l.startsWith('content/'))).toEqual([neutral.message])
  })

  it('npm run build refuses it before rendering, leaves no debris, removes stale staging folders', () => {
    const dir = plant(mistake)
    // A staging folder of a build that died (pid 2^22 + 1 is above Linux's pid_max default).
    applyStale(dir)
    const r = run('scripts/build.ts', dir)
    expect(r.status).toBe(1)
    expect(r.stderr.split('\n').filter((l) => l.startsWith('content/'))).toEqual([mistake.message])
    expect(r.stderr).toContain('1 content problem: nothing was built.')
    expect(readdirSync(dir).sort()).toEqual(['content', 'public', 'reports'])
    const json = JSON.parse(readFileSync(join(dir, 'reports', 'report.json'), 'utf8'))
    expect(json).toMatchObject({ ok: false, command: 'npm run build', errors: 1 })
  })
})

function applyStale(dir: string): void {
  mkdirSync(join(dir, '.dist-tmp-4194305', 'client'), { recursive: true })
}
