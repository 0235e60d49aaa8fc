// The published editor on Gitea and GitLab ("whatever the host"), driven in
// Chromium as editor.spec.ts drives it on GitHub: for each host, the site built with
// CMS_BACKEND=gitea or gitlab pointed at that host's stand-in (scripts/standIns/
// hostStandIn.ts, started here, over its own copy of the content), served by `npm run serve`
// (its `_headers`: the editor's CSP for that backend), Decap's real backend of that host logged
// in with the user Decap keeps in localStorage. A heading changed in both languages must make
// exactly one commit changing one line in each of the page's two files.
// The builds start from the caches of the GitHub run's site (PUBLISHED_SITE/site, built by
// server.ts before any spec), hard-linked: caches are written aside and renamed, never in place.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Route, test } from '@playwright/test'
import { type HostStandIn, startHostStandIn } from '../../scripts/standIns/hostStandIn.ts'
import { PUBLISHED_PORT, PUBLISHED_SITE, pushAsOther, REPO } from './site.ts'

const HOSTS = [
  // What the build needs of each backend (scripts/lib/cms/cmsSettings.ts); Gitea names its
  // instance and an OAuth application, which the stored user makes unused here.
  {
    name: 'gitea',
    port: PUBLISHED_PORT + 1,
    write: /\/api\/v1\/repos\/[^/]+\/[^/]+\/contents$/,
    env: (s: HostStandIn) => ({
      CMS_APP_ID: 'stand-in',
      CMS_BASE_URL: new URL(s.apiRoot).origin,
    }),
  },
  {
    name: 'gitlab',
    port: PUBLISHED_PORT + 2,
    write: /\/api\/v4\/projects\/[^/]+\/repository\/commits$/,
    env: () => ({}),
  },
] as const

for (const host of HOSTS) {
  test.describe(`the published editor on ${host.name}`, () => {
    test.describe.configure({ mode: 'serial' })
    const root = join(PUBLISHED_SITE, host.name)
    let standIn: HostStandIn
    let serve: ChildProcess | undefined
    const git = (...args: string[]) =>
      execFileSync('git', ['--git-dir', standIn.repoDir, ...args], { encoding: 'utf8' })

    test.beforeAll(async () => {
      test.setTimeout(300_000)
      rmSync(root, { recursive: true, force: true })
      const seed = join(root, 'seed')
      const site = join(root, 'site')
      for (const part of ['content', 'public']) {
        cpSync(join(REPO, part), join(seed, part), { recursive: true })
        cpSync(join(REPO, part), join(site, part), { recursive: true })
      }
      const caches = join(PUBLISHED_SITE, 'site', 'node_modules', '.cache')
      if (existsSync(caches)) {
        mkdirSync(join(site, 'node_modules'), { recursive: true })
        execFileSync('cp', ['-al', caches, join(site, 'node_modules', '.cache')])
      }
      standIn = await startHostStandIn({ host: host.name, seedFrom: seed, repo: 'transfo/site' })
      const build = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/build.ts', '--root', site],
        {
          cwd: REPO,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: {
            ...process.env,
            CMS_BACKEND: host.name,
            CMS_REPO: standIn.repo,
            CMS_BRANCH: standIn.branch,
            CMS_API_ROOT: standIn.apiRoot,
            ...host.env(standIn),
            BUILD_RENDER_PROCESSES: process.env.BUILD_RENDER_PROCESSES ?? '1',
          },
        },
      )
      expect(build.status, `the ${host.name} build`).toBe(0)
      // Its own process group: npm's child (the server) goes with it at the end, not left
      // holding the port for the next run (which would then test this run's site).
      serve = spawn('npm', ['run', 'serve'], {
        cwd: REPO,
        detached: true,
        stdio: 'ignore',
        env: {
          ...process.env,
          SERVE_DIR: join(site, 'dist', 'client'),
          PORT: String(host.port),
          INBOX_DIR: join(root, 'inbox'),
        },
      })
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${host.port}/favicon.svg`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeout: 60_000 },
        )
        .toBe(true)
    })
    test.afterAll(async () => {
      if (serve?.pid) process.kill(-serve.pid, 'SIGTERM')
      await standIn?.stop()
    })

    test('a heading changed in both languages: one commit, one line in each language file', async ({
      page,
    }) => {
      const violations: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
          violations.push(m.text())
      })
      const user = JSON.stringify({ backendName: host.name, token: standIn.token })
      await page.addInitScript((user) => {
        if (!localStorage.getItem('decap-cms-user')) localStorage.setItem('decap-cms-user', user)
      }, user)
      const before = git('rev-parse', standIn.branch).trim()
      const opened = Date.now()
      await page.goto(`http://127.0.0.1:${host.port}/admin/#/collections/menu/entries/home`)
      const publishButton = page.getByRole('button', { name: /^Publi/ }).first()
      await expect(publishButton).toBeVisible({ timeout: 60_000 })
      const formMs = Date.now() - opened
      const titles = page.getByLabel('Titre de la page', { exact: true }).filter({ visible: true })
      await expect(titles).toHaveCount(2)
      await titles.nth(0).fill('Accueil du site')
      await titles.nth(1).fill('Site home')
      // The host fails the write first: said in French, nothing committed, the typing kept.
      const failWrite = (route: Route) =>
        route.request().method() === 'POST' &&
        host.write.test(new URL(route.request().url()).pathname)
          ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' })
          : route.fallback()
      await page.route('**/api/**', failWrite)
      await page.getByRole('button', { name: 'Publier', exact: true }).click()
      await page.getByText('Publier maintenant').click()
      const hostName = host.name === 'gitea' ? 'Gitea' : 'GitLab'
      await expect(
        page
          .getByText(
            `Échec de l'enregistrement de l'entrée : ${hostName} n'a pas répondu : rien n'a été enregistré.`,
          )
          .first(),
      ).toBeVisible()
      await page.unroute('**/api/**', failWrite)
      expect(git('rev-parse', standIn.branch).trim()).toBe(before)
      await expect(titles.nth(0)).toHaveValue('Accueil du site')
      await expect(titles.nth(1)).toHaveValue('Site home')
      const written = page.waitForResponse(
        (r) => r.request().method() === 'POST' && host.write.test(new URL(r.url()).pathname),
        { timeout: 30_000 },
      )
      await page.getByRole('button', { name: 'Publier', exact: true }).click()
      const clicked = Date.now()
      await page.getByText('Publier maintenant').click()
      expect((await written).status()).toBe(201)
      const commitMs = Date.now() - clicked
      await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
      const after = git('log', '--format=%H', `${before}..${standIn.branch}`)
        .split('\n')
        .filter(Boolean)
      expect(after).toHaveLength(1)
      const sha = after[0] as string
      expect(git('show', '--format=%P', '--no-patch', sha).trim()).toBe(before)
      expect(
        git('diff-tree', '--no-commit-id', '-r', '--name-status', sha).trim().split('\n'),
      ).toEqual([
        'M\tcontent/en/home.yaml',
        'M\tcontent/fr/home.yaml',
        // What French the English title was translated from, in the same commit.
        'M\tcontent/translations/en/home.yaml',
      ])
      const diff = (file: string) => {
        const lines = git('show', '--format=', '--unified=0', sha, '--', file).split('\n')
        return {
          added: lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')),
          removed: lines.filter((l) => l.startsWith('-') && !l.startsWith('---')),
        }
      }
      expect(diff('content/fr/home.yaml')).toEqual({
        added: ['+title: Accueil du site'],
        removed: ['-title: Accueil'],
      })
      expect(diff('content/en/home.yaml')).toEqual({
        added: ['+title: Site home'],
        removed: ['-title: Home'],
      })
      expect(violations).toEqual([])
      console.log(
        `published editor on ${host.name}: form ready ${formMs} ms (first visit), "Publier" to the commit ${commitMs} ms`,
      )
    })

    test("« Historique »: the editor's save and two pushed with git listed, named and worded; « Rétablir » commits that value alone", async ({
      page,
    }) => {
      const user = JSON.stringify({ backendName: host.name, token: standIn.token })
      await page.addInitScript((user) => {
        if (!localStorage.getItem('decap-cms-user')) localStorage.setItem('decap-cms-user', user)
      }, user)
      const target = { repoDir: standIn.repoDir, branch: standIn.branch }
      const read = (file: string, rev = standIn.branch) => git('show', `${rev}:${file}`)
      const fr = 'content/fr/home.yaml'
      const en = 'content/en/home.yaml'
      pushAsOther(
        {
          [fr]: read(fr).replace(
            'heading: Prix du progrès social 2024',
            'heading: Prix 2024 du progrès social',
          ),
        },
        'Reword the award',
        target,
      )
      pushAsOther(
        {
          [en]: read(en).replace(
            'heading: "Collaboration, Respect & Innovation"',
            'heading: "Collaboration, Respect and Innovation"',
          ),
        },
        'Spell out and',
        target,
      )
      await page.goto(`http://127.0.0.1:${host.port}/admin/#/collections/menu/entries/home`)
      const titles = page.getByLabel('Titre de la page', { exact: true }).filter({ visible: true })
      await expect(titles.nth(0)).toHaveValue('Accueil du site', { timeout: 60_000 })
      const opened = Date.now()
      await page.getByRole('button', { name: 'Historique', exact: true }).click()
      const saves = page
        .getByRole('dialog', { name: /^Historique de/ })
        .locator('.cms-history-list > li')
      await expect(saves.nth(2)).toBeVisible()
      const historyMs = Date.now() - opened
      await expect(saves.nth(0)).toContainText('Spell out and')
      await expect(saves.nth(0)).toContainText('Anglais › Blocs › n° 1 (Bandeau d')
      await expect(saves.nth(0).locator('ins')).toHaveText('and')
      await expect(saves.nth(1)).toContainText('Français › Blocs › n° 2')
      await expect(saves.nth(2).locator('ul > li')).toHaveCount(2)
      await expect(saves.nth(2)).toContainText('Français › Titre de la page')
      await expect(saves.nth(2)).toContainText('Anglais › Titre de la page')
      await saves
        .nth(2)
        .getByRole('button', { name: /^Rétablir « Français › Titre de la page »/ })
        .click()
      await expect(titles.nth(0)).toHaveValue('Accueil')
      const before = git('rev-parse', standIn.branch).trim()
      const written = page.waitForResponse(
        (r) => r.request().method() === 'POST' && host.write.test(new URL(r.url()).pathname),
        { timeout: 30_000 },
      )
      await page.getByRole('button', { name: 'Publier', exact: true }).click()
      await page.getByText('Publier maintenant').click()
      expect((await written).status()).toBe(201)
      await expect(page.getByText('Modifications enregistrées', { exact: false })).toBeVisible()
      const made = git('log', '--format=%H', `${before}..${standIn.branch}`)
        .split('\n')
        .filter(Boolean)
      expect(made).toHaveLength(1)
      const sha = made[0] as string
      const lines = git('show', '--format=', '--unified=0', sha, '--', fr)
        .split('\n')
        .filter((l) => /^[-+][^-+]/.test(l))
      expect(lines).toEqual(['-title: Accueil du site', '+title: Accueil'])
      expect(git('show', '--format=', sha, '--', en)).toBe('')
      // The later commits' values stay.
      expect(read(fr)).toContain('heading: Prix 2024 du progrès social')
      expect(read(en)).toContain('heading: "Collaboration, Respect and Innovation"')
      console.log(`published editor on ${host.name}: « Historique » listed in ${historyMs} ms`)
    })
  })
}
