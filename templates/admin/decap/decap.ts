// Decap CMS as the editor uses it: decap-cms-core with only the widgets the generated
// configuration names, the backends `CMS_BACKEND` can choose (scripts/lib/cms/cmsSettings.ts) and
// the dev server's proxy, and the two languages of the editor. decap-cms-app registers every
// widget, backend and locale Decap has (maps, code, markdown and rich text among them): a host
// installed 514 packages (245 MiB) for it. Registered as decap-cms-app 3.16 does (its
// src/extensions.js), under the same names; the default export is the same CMS object
// decap-cms-app exports.
//
// A widget the configuration names must be registered here (scripts/lib/cms/fields.ts and
// newPage.ts make them): else Decap shows "No control for widget". `hidden` is Decap's own.

import { AzureBackend } from 'decap-cms-backend-azure'
import { BitbucketBackend } from 'decap-cms-backend-bitbucket'
import { GitGatewayBackend } from 'decap-cms-backend-git-gateway'
import { GiteaBackend } from 'decap-cms-backend-gitea'
import { GitHubBackend } from 'decap-cms-backend-github'
import { GitLabBackend } from 'decap-cms-backend-gitlab'
import { ProxyBackend } from 'decap-cms-backend-proxy'
import { DecapCmsCore as CMS } from 'decap-cms-core'
import { en, fr } from 'decap-cms-locales'
import DecapCmsWidgetBoolean from 'decap-cms-widget-boolean'
import DecapCmsWidgetFile from 'decap-cms-widget-file'
import DecapCmsWidgetImage from 'decap-cms-widget-image'
import DecapCmsWidgetList from 'decap-cms-widget-list'
import DecapCmsWidgetNumber from 'decap-cms-widget-number'
import DecapCmsWidgetObject from 'decap-cms-widget-object'
import DecapCmsWidgetSelect from 'decap-cms-widget-select'
import DecapCmsWidgetString from 'decap-cms-widget-string'
import DecapCmsWidgetText from 'decap-cms-widget-text'
import { type FormDraft, formValue, setFormValue } from './draft.ts'
import { FRENCH_ADDITIONS, withMissing } from './frenchPhrases.ts'
import type { LocalePhrases } from './types.ts'

CMS.registerBackend('git-gateway', GitGatewayBackend)
CMS.registerBackend('azure', AzureBackend)
CMS.registerBackend('github', GitHubBackend)
CMS.registerBackend('gitlab', GitLabBackend)
CMS.registerBackend('gitea', GiteaBackend)
CMS.registerBackend('bitbucket', BitbucketBackend)
CMS.registerBackend('proxy', ProxyBackend)
// One at a time: what registerWidget does with an array (its types take one widget).
for (const widget of [
  DecapCmsWidgetString.Widget(),
  DecapCmsWidgetNumber.Widget(),
  DecapCmsWidgetText.Widget(),
  DecapCmsWidgetImage.Widget(),
  DecapCmsWidgetFile.Widget(),
  DecapCmsWidgetSelect.Widget(),
  DecapCmsWidgetList.Widget(),
  DecapCmsWidgetObject.Widget(),
  DecapCmsWidgetBoolean.Widget(),
])
  CMS.registerWidget(widget)
// Decap falls back to English for a phrase its French lacks (lib/phrases.js): those phrases are
// given in French (frenchPhrases.ts).
CMS.registerLocale('en', en)
CMS.registerLocale('fr', withMissing(fr as LocalePhrases, FRENCH_ADDITIONS))

export default CMS

/** The open form's value, read and replaced (draft.ts): what the history's « Rétablir » uses. */
export const draft: FormDraft = { formValue, setFormValue }
