import type { ReactNode } from 'react'
import type { MenuEntry } from '../content.ts'
import { framePages, HEADER_EXTRAS } from '../lib/framePages.ts'
import { useSite } from '../lib/SiteContext.tsx'
import { pathOf } from '../lib/siteModel.ts'

/**
 * The main menu. Submenus open with disclosure buttons (menu.client.ts: click, Enter, Space,
 * and hover with a delay on desktop); with JavaScript off they open on hover and keyboard
 * focus (CSS), so every link stays reachable. The phone toggle's name says what it will do.
 */
export function MainMenu() {
  const { t, routes, lang } = useSite()
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      <button
        type="button"
        className="nav-toggle"
        aria-expanded="false"
        aria-controls="main-menu"
        data-label-open={t('nav.open')}
        data-label-close={t('nav.close')}
      >
        <span className="nav-toggle-icon" aria-hidden="true" />
        <span className="nav-toggle-label">{t('nav.open')}</span>
      </button>
      <MenuList id="main-menu" entries={routes.menu} level={0}>
        {/* The top bar's links, which the compact phone header moves here (CSS shows one or the other). */}
        {framePages(routes, HEADER_EXTRAS, lang).map(({ id, path }) => (
          <li key={id} className="menu-phone-only">
            <a href={path}>{t(`nav.${id}`)}</a>
          </li>
        ))}
      </MenuList>
    </nav>
  )
}

function MenuList({
  entries,
  level,
  id,
  children,
}: {
  entries: MenuEntry[]
  level: number
  id?: string
  children?: ReactNode
}) {
  return (
    <ul id={id} className={level === 0 ? 'menu' : 'submenu'}>
      {entries.map((entry) => (
        <MenuItem key={entry.page ?? entry.label} entry={entry} level={level} />
      ))}
      {children}
    </ul>
  )
}

function MenuItem({ entry, level }: { entry: MenuEntry; level: number }) {
  const { t, routes, lang, route } = useSite()
  if (entry.page) {
    const current = entry.page === route.id
    return (
      <li>
        <a href={pathOf(routes, entry.page, lang)} aria-current={current ? 'page' : undefined}>
          {t(`nav.${entry.page}`)}
        </a>
      </li>
    )
  }
  const subId = `submenu-${(entry.label ?? '').replace(/\W+/g, '-')}`
  const containsCurrent = JSON.stringify(entry.children ?? []).includes(`"page":"${route.id}"`)
  return (
    <li className={`has-submenu${containsCurrent ? ' is-current' : ''}`}>
      <button type="button" aria-expanded="false" aria-controls={subId}>
        {t(entry.label ?? '')}
        <span className="caret" aria-hidden="true" />
      </button>
      <MenuList id={subId} entries={entry.children ?? []} level={level + 1} />
    </li>
  )
}
