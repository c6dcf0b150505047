// Builds the site into web/dist. Every page path that exists as a document gets a copy of the
// built index.html (success.html, terms.html, 404.html) so the CDN and the twin can map clean
// URLs and unknown paths to objects; the prerender step replaces these copies later.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { paths } from './src/paths.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The documents besides index.html, named after their route path: `/success` → success.html. */
export const documentCopies = [
  paths.success,
  paths.terms,
  paths.notFound,
  paths.newsletterConfirmed,
  paths.newsletterUnsubscribed,
].map((path) => `${path.slice(1)}.html`);

function documentCopiesPlugin(): Plugin {
  return {
    name: 'reelfive:document-copies',
    apply: 'build',
    async writeBundle(options, bundle) {
      const index = bundle['index.html'];
      if (!options.dir || index?.type !== 'asset') throw new Error('The build produced no index.html to copy.');
      const dir = options.dir;
      await Promise.all(
        documentCopies.map(async (name) => {
          await mkdir(dirname(join(dir, name)), { recursive: true });
          await writeFile(join(dir, name), index.source);
        }),
      );
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), documentCopiesPlugin()],
  build: { outDir: 'dist', emptyOutDir: true },
  // The site imports the shared contract from lambdas/shared (outside web/).
  server: { fs: { allow: [repoRoot] } },
});
