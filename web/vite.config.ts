// Vite's settings for the site. `npm run build` (web/build.ts) runs the browser build and then
// the prerender's server build with this file; the dev server uses it as it is.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  // The site imports the facts it shares with the handlers and the stack from shared/ (outside web/).
  server: { fs: { allow: [repoRoot] } },
});
