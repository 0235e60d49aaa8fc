import type { MenuEntry } from '../content.ts'
import { useSite } from '../lib/SiteContext.tsx'
import { pathOf } from '../lib/siteModel.ts'

/**
 * The main menu. Submenus open with disclosure buttons (menu.client.ts); with JavaScript off
 * they open on hover and keyboard focus (CSS), so every link stays reachable.
 */
export function MainMenu() {
  const { t } = useSite()
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      <button type="button" className="nav-toggle" aria-expanded="false" aria-controls="main-menu">
        <span aria-hidden="true">☰</span> {t('nav.open')}
      </button>
      <MenuList id="main-menu" entries={useSite().routes.menu} level={0} />
    </nav>
  )
}

function MenuList({ entries, level, id }: { entries: MenuEntry[]; level: number; id?: string }) {
  return (
    <ul id={id} className={level === 0 ? 'menu' : 'submenu'}>
      {entries.map((entry) => (
        <MenuItem key={entry.page ?? entry.label} entry={entry} level={level} />
      ))}
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
