// What siteBackend-decapHosts.test.ts bundles: the site's backends, and Decap's own registry with
// Decap's own Gitea and GitLab backends, as decap-cms-app registers them.

export { GiteaBackend } from 'decap-cms-backend-gitea'
export { GitLabBackend } from 'decap-cms-backend-gitlab'
export { default as registry } from 'decap-cms-core/dist/esm/lib/registry.js'
export { registerSiteBackends } from '../../templates/admin/backend/siteBackend.ts'
