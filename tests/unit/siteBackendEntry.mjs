// What the backend's tests bundle (siteBackendBundle.ts): the site's backends, and Decap's own
// registry with Decap's own GitHub and proxy backends, as decap-cms-app registers them.

export { GitHubBackend } from 'decap-cms-backend-github'
export { ProxyBackend } from 'decap-cms-backend-proxy'
export { default as registry } from 'decap-cms-core/dist/esm/lib/registry.js'
export { registerSiteBackends } from '../../templates/admin/backend/siteBackend.ts'
