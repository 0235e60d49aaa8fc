import type { BlockOf } from '../content.ts'
import { formStrings } from '../form/strings.ts'
import ContactFormIsland from '../islands/ContactForm.tsx'
import { Island } from '../lib/Island.tsx'
import { Paragraphs } from '../lib/RichText.tsx'
import { useSite } from '../lib/SiteContext.tsx'

/** How long the call may take before the visitor is told it failed. */
const SEND_TIMEOUT_MS = 30_000
/** How long the captcha script may take to load before the form says it is unavailable. */
const CAPTCHA_LOAD_TIMEOUT_MS = 15_000

/**
 * Build-time form settings: site.yaml `forms`, overridden by FORM_CONTACT_ENDPOINT,
 * FORM_GENERAL_ENDPOINT and RECAPTCHA_SITE_KEY when set (read here, at pre-render).
 */
function formSettings(forms: {
  contactEndpoint: string
  generalEndpoint: string
  recaptchaSiteKey: string
}) {
  const env = typeof process === 'undefined' ? {} : process.env
  return {
    contactEndpoint: env.FORM_CONTACT_ENDPOINT || forms.contactEndpoint,
    generalEndpoint: env.FORM_GENERAL_ENDPOINT || forms.generalEndpoint,
    siteKey: env.RECAPTCHA_SITE_KEY || forms.recaptchaSiteKey,
  }
}

export function ContactForm({ block }: { block: BlockOf<'contactForm'> }) {
  const { site, lang, t, fill, href } = useSite()
  const settings = formSettings(site.forms)
  const formId = block.id ?? 'form'
  return (
    <section
      id={formId}
      className={`block form-block tone-${block.tone ?? 'plain'}`}
      aria-labelledby={block.heading ? `${formId}-heading` : undefined}
    >
      <div className="container form-container">
        {block.heading ? <h2 id={`${formId}-heading`}>{fill(block.heading)}</h2> : null}
        <Paragraphs items={block.intro} />
        <Island
          name="ContactForm"
          component={ContactFormIsland}
          props={{
            variant: block.variant,
            formId,
            endpoint:
              block.variant === 'contact' ? settings.contactEndpoint : settings.generalEndpoint,
            siteKey: settings.siteKey,
            lang,
            revealDelayMs: block.variant === 'contact' ? site.timing.formRevealDelayMs : 0,
            loaderTailMs: site.timing.formLoaderTailMs,
            timeoutMs: SEND_TIMEOUT_MS,
            captchaLoadTimeoutMs: CAPTCHA_LOAD_TIMEOUT_MS,
            contact: {
              // Applicants are pointed to the recruitment address (as the PFE book does).
              email:
                block.variant === 'careers' ? site.contact.recruitmentEmail : site.contact.email,
              phone: site.contact.phone,
            },
            privacyHref: href('page:privacy'),
            strings: formStrings(t, block.variant, SEND_TIMEOUT_MS),
          }}
        />
      </div>
    </section>
  )
}
