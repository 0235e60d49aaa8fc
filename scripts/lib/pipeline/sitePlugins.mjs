// The vite plugins of the site's bundles: vite.config.ts adds the dev server's own (the form
// inbox, live content) to these, and the build's code child (codeBuildChild.mjs) uses these alone,
// without loading vite.config.ts: vite bundles a config file and its imports before reading it,
// and the dev plugins import the whole content model (32 modules): 0.6 s of every cold code
// build, on the build's critical path. Plain JavaScript: the code child runs without tsx.
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'

/** @returns {import('vite').PluginOption[]} */
export const sitePlugins = () => [vike(), react()]
