import { useSite } from '../lib/SiteContext.tsx'

export function BackToTop() {
  const { t } = useSite()
  return (
    <a className="back-to-top" href="#top">
      <span aria-hidden="true">↑</span>
      <span className="visually-hidden">{t('common.backToTop')}</span>
    </a>
  )
}
