// The editor's longest task, the same in both editors' Chromium tests (tests/dev/cms.spec.ts,
// tests/published/editor.spec.ts): a news article in both languages with two photos uploaded,
// filled in Decap's form as an editor does; each test then publishes and checks what it wrote.
import type { Page } from '@playwright/test'

export type NewsData = { articles: { id: string; date: string; images: string[] }[] }

export const NEWS_WORDS = {
  fr: {
    title: 'Journée portes ouvertes à l’usine',
    alts: ["L'atelier de bobinage", 'Les visiteurs devant un transformateur'],
    paragraph: 'Le 1er juillet 2025, nous avons ouvert nos portes aux familles.',
  },
  en: {
    title: 'Factory open day',
    alts: ['The winding workshop', 'Visitors by a transformer'],
    paragraph: 'On 1 July 2025 we opened our doors to families.',
  },
}

/** The form's column of a language (Decap shows both side by side). */
const column = (page: Page, lang: 'fr' | 'en') => {
  const own = `Écrire en ${lang.toUpperCase()}`
  const other = `Écrire en ${lang === 'fr' ? 'EN' : 'FR'}`
  return page
    .locator('div')
    .filter({ has: page.getByRole('button', { name: own }) })
    .filter({ hasNot: page.getByRole('button', { name: other }) })
    .filter({ has: page.getByText('Blocs', { exact: true }) })
    .last()
}

/** Chooses a new image in the image widget's media library, uploading it. */
async function uploadImage(page: Page, name: string, color: string) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByText('Téléverser une nouvelle ressource').click()
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: await pngOf(color) })
  await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click()
}

async function pngOf(color: string): Promise<Buffer> {
  const sharp = (await import('sharp')).default
  return sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** Adds the article open-day-2025 in both languages, its date, category and two photos. */
export async function fillNewsArticle(page: Page): Promise<void> {
  const words = NEWS_WORDS
  for (const lang of ['fr', 'en'] as const) {
    const col = column(page, lang)
    await col.locator('button[class*="TopBarButton"]').first().click()
    await col.getByRole('button', { name: 'Ajouter articles', exact: true }).click()
    await col
      .getByLabel('Identifiant', { exact: true })
      .filter({ visible: true })
      .last()
      .fill('open-day-2025')
    await col
      .getByLabel('Titre', { exact: true })
      .filter({ visible: true })
      .last()
      .fill(words[lang].title)
    for (const alt of words[lang].alts) {
      await col
        .getByRole('button', { name: 'Ajouter images' })
        .filter({ visible: true })
        .first()
        .click()
      await col
        .getByLabel('Texte alternatif', { exact: true })
        .filter({ visible: true })
        .last()
        .fill(alt)
    }
    await col
      .getByRole('button', { name: 'Ajouter paragraphes' })
      .filter({ visible: true })
      .first()
      .click()
    await col
      .getByLabel('Paragraphe', { exact: true })
      .filter({ visible: true })
      .last()
      .fill(words[lang].paragraph)
  }
  // The article's date, category and photos, once for both languages.
  await page.getByRole('button', { name: /^Ajouter articles : date/ }).click()
  const fr = column(page, 'fr')
  await fr
    .getByLabel('Identifiant', { exact: true })
    .filter({ visible: true })
    .last()
    .fill('open-day-2025')
  await fr.getByLabel('Date', { exact: true }).filter({ visible: true }).last().fill('2025-07-01')
  await fr.getByLabel('Catégorie', { exact: true }).filter({ visible: true }).last().click()
  await page.getByRole('option').first().click()
  for (const [name, color] of [
    ['Portes ouvertes 1.png', '#0b4f8a'],
    ['Portes ouvertes 2.png', '#c87814'],
  ] as const) {
    await fr
      .getByRole('button', { name: 'Ajouter images' })
      .filter({ visible: true })
      .last()
      .click()
    await fr
      .getByRole('button', { name: 'Choisir une image' })
      .filter({ visible: true })
      .last()
      .click()
    await uploadImage(page, name, color)
  }
}
