import { useSite } from '../lib/SiteContext.tsx'

const ICONS: Record<string, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  linkedin:
    'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2c.6-1.2 2-2.3 4-2.3 4 0 4.5 2.6 4.5 6V21h-4v-5.5c0-1.4 0-3.2-2-3.2s-2.4 1.5-2.4 3.1V21H10z',
  youtube:
    'M22 8s-.2-1.6-.9-2.3c-.9-.9-1.9-.9-2.3-1C15.6 4.5 12 4.5 12 4.5s-3.6 0-6.8.2c-.5.1-1.5.1-2.3 1C2.2 6.4 2 8 2 8s-.2 1.9-.2 3.8v1.7c0 1.9.2 3.8.2 3.8s.2 1.6.9 2.3c.9.9 2 .9 2.5 1 1.8.2 6.6.2 6.6.2s3.6 0 6.8-.2c.5-.1 1.5-.1 2.3-1 .7-.7.9-2.3.9-2.3s.2-1.9.2-3.8v-1.7C22.2 9.9 22 8 22 8zM10 15.5v-7l6 3.5z',
}

/** Social network links with icons; each opens in a new tab and says so. */
export function SocialLinks({ className }: { className?: string }) {
  const { site, t } = useSite()
  return (
    <ul className={`social ${className ?? ''}`}>
      {site.social.map((s) => (
        <li key={s.network}>
          <a href={s.url} target="_blank" rel="noopener noreferrer">
            <span className="visually-hidden">
              {t('social.label', { network: t(`social.${s.network}`) })}
            </span>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={ICONS[s.network]} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  )
}
