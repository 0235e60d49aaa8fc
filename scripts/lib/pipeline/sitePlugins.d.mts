// Types of sitePlugins.mjs (plain JavaScript: the build's code child runs without tsx).
import type { PluginOption } from 'vite'

export declare const sitePlugins: () => PluginOption[]
