// The whole build: validate content, pre-render every route, write redirects, sitemap and
// robots.txt, run the report; then swap the new site into dist/. A failure at any step leaves
// the previous dist/ untouched. `npm run build [-- --strict]`
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
// Only what starts the code build and the renderers is imported before they start: the rest
// (the content check with ajv and yaml, the report, the images: 0.2-0.3 s to load) is imported
// while they run, below.
import { ADMIN_DIR, adminCacheDir, prepareAdminBuild } from './lib/cms/adminBuild.ts'
import { cmsSettings, liveTimeoutSetting } from './lib/cms/cmsSettings.ts'
import { listFiles } from './lib/files.ts'
import { stopChildren } from './lib/pipeline/childProcesses.ts'
import { codeCacheDir, copyPublic, prepareCodeBuild } from './lib/pipeline/codeBuild.ts'
import { startRenderers } from './lib/pipeline/renderPages.ts'

// `--root DIR` builds the content/ and public/ of another project tree into DIR/dist (tests,
// benchmarks); the code (pages/, templates/) is always this repository's.
const codeRoot = fileURLToPath(new URL('..', import.meta.url))
const rootArg = process.argv.indexOf('--root')
const root = rootArg > 0 ? resolve(process.argv[rootArg + 1] ?? '.') : codeRoot
const strict = process.argv.includes('--strict')
const buildStarted = performance.now()
const timings: Record<string, number> = {}
const timed = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
  const start = performance.now()
  try {
    return await fn()
  } finally {
    timings[name] = Math.round(performance.now() - start)
  }
}

// The editor's settings (CMS_BACKEND...) are the environment's alone: a wrong one stops the build
// before anything starts.
const cms = cmsSettings()
const liveTimeout = liveTimeoutSetting()
if (liveTimeout.problem) cms.problems.push(liveTimeout.problem)
if (cms.problems.length) {
  for (const line of cms.problems) console.error(`editor: ${line}`)
  console.error(
    `\nThe editor's settings are wrong (${cms.problems.length} above; docs/deploying.md): nothing was built.`,
  )
  process.exit(1)
}

// No failure leaves debris: the staging folder goes on any error, Ctrl-C or SIGTERM, and the
// folders of builds that died without cleaning (killed -9, power cut) go now.
// The staging build stays inside the code tree even with --root elsewhere: vike wants its outDir
// inside the vite root, and the renderers import the server bundle (server/entry.mjs), which
// imports vike and react as packages, resolvable only next to this repository's node_modules.
// The finished site is then moved to <root>/dist.
for (const dir of new Set([codeRoot, root])) removeStaleStaging(dir)
const staging = join(codeRoot, `.dist-tmp-${process.pid}`)
const cleanUp = () => {
  stopChildren() // the code build and the page renderers write into the staging folder
  rmSync(staging, { recursive: true, force: true })
}
let interrupted = false
// `on`, not `once`: a Ctrl-C can reach this process twice (from the terminal's process group and
// relayed by a wrapper, such as the tsx command); a second signal must not kill it in the middle
// of the cleanup.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    cleanUp()
    console.error(`\nBuild interrupted (${signal}). dist/ was left as it was.`)
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })
process.once('exit', cleanUp)

// The bundles depend on the code only: built (or taken from the cache) in a child process while
// this one validates the content. Awaited below; a failure meanwhile must not end the process.
const codeBuild = prepareCodeBuild(codeRoot, staging, codeCacheDir(root))
codeBuild.catch(() => {})
const renderers = startRenderers(root)
// The editor's JavaScript (only with CMS_BACKEND set): a vite build of its own, or its cache;
// after the code build, not beside it: each holds 400-900 MB of rolldown's memory.
const adminBuild = cms.backend
  ? codeBuild.then(() =>
      prepareAdminBuild(codeRoot, adminCacheDir(root), join(staging, 'admin-build')),
    )
  : undefined
adminBuild?.catch(() => {})

const [
  { allPagePaths, pathOf },
  { documentRedirectLines },
  { writeHeadersFile },
  { startSiteImages },
  { buildSettings, productionProblems },
  { searchablePages, writeSearchIndex },
  { hasSearchCache, searchCacheDir },
  { siteImagesCacheDir },
  { fileForPath, metaRefreshPage, redirectsFile, robotsTxt, sitemapXml },
  { caseCollisions },
  { writeAdmin },
  { adminRules },
  { cmsCheckData, cmsConfig },
  { shareOptions },
  { cmsProductionProblems, siteLogin },
  { collectContent, collectOutdated, handOverValidated, projectDirs },
  { cacheEnabled, checkCacheDir },
  { formatProblem, sortProblems },
  { runReport, writeContentReport },
  { structuredDataCacheDir },
  { BUILD_INFO_FILE, buildInfo, buildInfoJson, gitHead },
] = await Promise.all([
  import('../templates/lib/siteModel.ts'),
  import('./lib/pipeline/documentRedirects.ts'),
  import('./lib/pipeline/headers.ts'),
  import('./lib/pipeline/imagesAlongside.ts'),
  import('./lib/pipeline/buildSettings.ts'),
  import('./lib/pipeline/searchIndex.ts'),
  import('./lib/pipeline/searchIndexCache.ts'),
  import('./lib/pipeline/siteImages.ts'),
  import('./lib/pipeline/staticFiles.ts'),
  import('./lib/report/caseCollisions.ts'),
  import('./lib/cms/adminBuild.ts'),
  import('./lib/cms/adminHeaders.ts'),
  import('./lib/cms/config.ts'),
  import('./lib/cms/sharedOptions.ts'),
  import('./lib/cms/cmsSettings.ts'),
  import('./lib/content/load.ts'),
  import('./lib/content/parseCache.ts'),
  import('../templates/core/content/problems.ts'),
  import('./lib/report/report.ts'),
  import('./lib/report/structuredDataCache.ts'),
  import('./lib/pipeline/buildInfo.ts'),
])
type SiteContent = import('./lib/content/load.ts').SiteContent

const dirs = projectDirs(root)

/** Which caches this build found (the bench prints them): the code build's, the images'. */
const cacheState = (dir: string | undefined) =>
  !dir ? 'off' : existsSync(dir) ? 'present' : 'none'
const caches: Record<string, string> = {
  'content check': cacheState(cacheEnabled() ? checkCacheDir() : undefined),
  images: cacheState(siteImagesCacheDir(root)),
  'search index': cacheState(searchCacheDir(root)),
  'structured data': cacheState(structuredDataCacheDir(root)),
}

// The one validation of the build: every check the content can fail, before any rendering.
// The outdated translations are warnings: the report lists them (--strict fails).
const { content, problems, outdated } = await timed('validate', () => {
  const checked = collectContent(dirs)
  return { ...checked, outdated: collectOutdated(dirs, checked.problems) }
})
if (problems.length) {
  for (const p of sortProblems(problems)) console.error(formatProblem(p))
  writeContentReport(root, problems, `npm run build${strict ? ' -- --strict' : ''}`, {
    outdated,
    strict,
  })
  console.error(
    `\n${problems.length} content problem${problems.length === 1 ? '' : 's'}: nothing was built.`,
  )
  process.exit(1)
}
handOverValidated(dirs, content as SiteContent)
const { routes, site } = content as Required<typeof content>
// Settings: environment over content/site.yaml. `--production` refuses test and local values.
const settings = buildSettings(site)
// On Cloudflare Pages, GitHub's login through the site's own functions (functions/api/).
const cmsBackend = cms.backend && siteLogin(cms.backend, settings.siteUrl)
if (process.argv.includes('--production')) {
  const refused = [
    ...productionProblems(settings),
    ...(cms.backend ? cmsProductionProblems(cms.backend) : []),
  ]
  for (const line of refused) console.error(`production: ${line}`)
  if (refused.length) {
    console.error(
      `\nNot a production build (${refused.length} setting(s) above): nothing was built.`,
    )
    process.exit(1)
  }
}

process.env.SITE_ROOT = root
let reportWritten = false
const images = startSiteImages(join(staging, 'images'), root, content as SiteContent, timings)
let searchIndex: Promise<unknown> | undefined
try {
  // The bundles (from the cache when the code is unchanged), then the pages, in child processes.
  const code = await codeBuild
  caches.code = code.cache
  timings['code build'] = code.ms
  const analyses = await timed('prerender', async () => {
    const copied = copyPublic(join(root, 'public'), join(staging, 'client'))
    copied.catch(() => {}) // awaited below; a failure meanwhile must not end the process
    // The renderers prepare each page the search indexes as they write it, for the languages
    // whose index is not in the cache: Pagefind reads these documents as soon as the pages are
    // written. A language the cache holds (an editor's rebuild) most often takes its index from
    // there; its documents are read back from the pages after rendering, to check, rather than
    // held by the build beside the renderers (30 MB at N=500, the peak of a rebuild's memory).
    const cached = searchCacheDir(root)
    const searched = new Map(
      searchablePages(routes)
        .filter((p) => !hasSearchCache(cached, p.lang))
        .map((p) => [p.file, p]),
    )
    const rendered = await renderers.render(staging, content as SiteContent, dirs.content, searched)
    await copied
    return rendered
  })
  const client = join(staging, 'client')
  if (adminBuild && cmsBackend) {
    const backend = cmsBackend
    const built = await adminBuild
    caches.editor = built.cache
    timings['editor build'] = built.ms
    await timed('editor', () => {
      // Netlify's parser reads `/admin/*` as /^\/admin\/?(.*)\/?$/i: the editor's headers would
      // reach a page such as /administration too; so no name of the site may start so.
      const taken = readdirSync(client).filter((f) => f.toLowerCase().startsWith(ADMIN_DIR))
      if (taken.length)
        throw new Error(
          `The site has ${taken.map((f) => `/${f}`).join(', ')} (a page or a file of public/), where the editor is published (/${ADMIN_DIR}/, whose headers also match them on Netlify)`,
        )
      writeAdmin(
        client,
        built.dir,
        shareOptions(
          cmsConfig(root, { backend, content, liveTimeoutMinutes: liveTimeout.minutes }),
        ),
        cmsCheckData(root),
        codeRoot,
      )
      if (built.cache === 'off') rmSync(built.dir, { recursive: true, force: true })
    })
  }
  await timed('static files', () => {
    for (const r of routes.redirects) {
      const file = join(client, fileForPath(r.from))
      // A redirect whose file would collide by case with a page (/Contact vs /contact) lives
      // only in _redirects and the preview server.
      const collides = readdirSync(dirname(file)).some(
        (f) => f.toLowerCase() === fileForPath(r.from).split('/').pop()?.toLowerCase(),
      )
      if (!collides) {
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(file, metaRefreshPage(pathOf(routes, r.to, r.lang), settings.siteUrl))
      }
    }
    writeFileSync(
      join(client, '_redirects'),
      documentRedirectLines(content.data ?? {}) + redirectsFile(routes),
    )
    writeFileSync(join(client, 'sitemap.xml'), sitemapXml(routes, settings.siteUrl))
    writeFileSync(join(client, 'robots.txt'), robotsTxt(settings.siteUrl))
    // What the editor watches after a save (templates/admin/live/): this build's commit.
    writeFileSync(
      join(client, BUILD_INFO_FILE),
      buildInfoJson(buildInfo(process.env, () => gitHead(root))),
    )
    const collisions = caseCollisions(listFiles(client))
    if (collisions.length) {
      for (const [a, b] of collisions)
        console.error(`dist/client/${a} and dist/client/${b} differ only by case`)
      throw new Error('Output paths collide on case-insensitive file systems')
    }
  })
  // Pagefind indexes in its own process while this one checks the headers and the links (neither
  // reads pagefind/, and no page links into it); awaited before the swap.
  searchIndex = timed('search index', () =>
    writeSearchIndex(client, routes, undefined, (page) => analyses.get(page.file)?.search),
  )
  searchIndex.catch(() => {}) // awaited below; a failure meanwhile must not end the process
  await timed('images', () => images.moveInto(client))
  // Last of the files: the CSP hashes the inline code of the final HTML.
  await timed('headers', () => {
    const headers = writeHeadersFile(
      client,
      // The editor's page is not the site's: it has rules of its own (cms/adminHeaders.ts): its
      // policy on /admin/*, and its content-hashed files immutable, as the site's /assets/*.
      listFiles(client).filter((f) => f.endsWith('.html') && !f.startsWith(`${ADMIN_DIR}/`)),
      new Set(routes.redirects.map((r) => r.from)),
      [settings.contactEndpoint, settings.generalEndpoint],
      analyses,
      cmsBackend ? adminRules(cmsBackend) : [],
    )
    for (const w of headers.warnings) console.warn(`warning: ${w}`)
    for (const e of headers.errors) console.error(e)
    if (headers.errors.length)
      throw new Error('Some markup would be blocked by the CSP (see above)')
  })
  // After rendering, only what exists only in HTML (the content was checked above).
  const report = await timed('report', () =>
    runReport({
      root,
      distDir: client,
      distLabel: 'dist/client',
      strict,
      quiet: false,
      contentProblems: [],
      content: { routes, site },
      outdated,
      command: `npm run build${strict ? ' -- --strict' : ''}`,
      documents: analyses,
      timings,
    }),
  )
  reportWritten = true
  await searchIndex
  if (!report.ok) throw new Error('The build report found errors (see above)')
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  moveDir(staging, join(root, 'dist'))
} catch (error) {
  // Pagefind writes from its own process: let it finish (or fail) before its folder goes.
  await searchIndex?.catch(() => {})
  cleanUp()
  const message = (error as Error).message
  if (!reportWritten)
    try {
      writeContentReport(root, [], 'npm run build', { failure: message })
    } catch {}
  console.error(`\nBuild failed: ${message}. dist/ was left as it was.`)
  process.exit(1)
}
// Wall time: the images are drawn alongside the other steps, so the steps overlap.
const total = Math.round(performance.now() - buildStarted)
console.log(
  `\nbuilt dist/ in ${total} ms (${Object.entries(timings)
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ')}; caches: ${Object.entries(caches)
    .map(([cache, state]) => `${cache} ${state}`)
    .join(', ')})`,
)
if (process.env.BUILD_TIMINGS_FILE)
  writeFileSync(process.env.BUILD_TIMINGS_FILE, JSON.stringify(timings))
// For the bench's build-scale runs (scripts/bench/scale.ts): steps, pages, peak memory.
if (process.env.BUILD_STATS_FILE)
  writeFileSync(
    process.env.BUILD_STATS_FILE,
    JSON.stringify({
      timings,
      caches,
      pages: allPagePaths(routes).length,
      maxRssKb: process.resourceUsage().maxRSS,
    }),
  )

/** rename, or copy then remove when `to` is on another file system (--root under /tmp). */
function moveDir(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    cpSync(from, to, { recursive: true })
    rmSync(from, { recursive: true, force: true })
  }
}

/** `.dist-tmp-<pid>` folders whose build process is gone. */
function removeStaleStaging(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = Number(/^\.dist-tmp-(\d+)$/.exec(name)?.[1])
    if (!pid || pid === process.pid || isAlive(pid)) continue
    rmSync(join(dir, name), { recursive: true, force: true })
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
