// Run by playwright.dev.config.ts before `vike dev`: a fresh copy for the dev server to serve
// (it replaces the copy of the previous run, left in the temporary folder: a teardown would
// delete it under the still running server, which then reports every file missing).
import { prepareSite } from './site.ts'

prepareSite()
