// Run by playwright.dev.config.ts before `vike dev`: a fresh copy for the dev server to serve.
import { prepareSite } from './site.ts'

prepareSite()
