import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { formInbox } from './scripts/lib/inbox/vitePlugin.ts'

const loopbackHost = process.env.HOST || '127.0.0.1'

export default defineConfig({
  plugins: [vike(), react(), formInbox()],
  // Dev and preview servers on loopback only, unless HOST (or `--host`) says otherwise.
  server: { host: loopbackHost },
  preview: { host: loopbackHost },
  // The build script writes aside, then swaps into dist/, so a failed build leaves no partial site.
  build: {
    outDir: process.env.SITE_OUT_DIR ?? 'dist',
  },
})
