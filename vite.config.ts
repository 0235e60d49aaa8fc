import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { formInbox } from './scripts/lib/inbox/vitePlugin.ts'

export default defineConfig({
  plugins: [vike(), react(), formInbox()],
  // The build script writes aside, then swaps into dist/, so a failed build leaves no partial site.
  build: {
    outDir: process.env.SITE_OUT_DIR ?? 'dist',
  },
})
