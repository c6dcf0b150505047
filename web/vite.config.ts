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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A bundler warning fails the build: `npm start` builds the site, and a newcomer's first run
    // prints nothing the README does not explain (a warning there once was an ineffective lazy import).
    rolldownOptions: {
      onwarn(warning) {
        throw new Error(`The site's build warned (${warning.code ?? 'warning'}): ${warning.message}`);
      },
    },
  },
  // The site imports the facts it shares with the handlers and the stack from shared/ (outside web/).
  server: { fs: { allow: [repoRoot] } },
});
