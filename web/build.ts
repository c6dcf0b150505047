// `npm run build`: the site into web/dist — Vite's browser build, then a server build of
// src/entry-server.tsx that prerenders every public page (docs/features.md "The site, the blog and SEO") over the same assets.
// The build is for one stage: SITE_URL sets the canonical origin (the default is config.siteUrl),
// FOOTAGE_MODEL the stage's video model, whose time the pages promise (shared/delivery-time.ts).
// What it was built for is written to web/dist/.build.json, which `cdk deploy` checks.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { config } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { type SiteBuildInfo, siteBuildInfo, siteBuildInfoFile } from '#shared/site-build-info.ts';
import { linkedStylesheet } from './src/prerender/document.ts';

// Always the production build, whoever runs it: vitest's globalSetup and other tools set
// NODE_ENV=test, which Vite would pass on to React (its ~4x larger development build).
process.env.NODE_ENV = 'production';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const configFile = join(webRoot, 'vite.config.ts');
const distDir = join(webRoot, 'dist');
const serverDir = join(webRoot, '.prerender');
const logLevel = process.argv.includes('--quiet') ? 'warn' : 'info';

const footageModel = process.env.FOOTAGE_MODEL || null;
let buildInfo: SiteBuildInfo;
try {
  // An unknown FOOTAGE_MODEL stops the build here, before anything is built.
  buildInfo = siteBuildInfo(process.env.SITE_URL || config.siteUrl, footageModel);
} catch (error) {
  console.error(`FOOTAGE_MODEL: ${(error as Error).message}`);
  process.exit(1);
}
// Vite gives the pages VITE_-prefixed variables (web/src/lib/site-delivery.ts reads it).
process.env.VITE_DELIVERY_SECONDS = String(buildInfo.deliverySeconds);

await build({ configFile, logLevel });
await build({
  configFile,
  logLevel,
  build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
});

const { renderSite } = (await import(
  pathToFileURL(join(serverDir, 'entry-server.js')).href
)) as typeof import('./src/entry-server.tsx');
const html = await readFile(join(distDir, 'index.html'), 'utf8');
const cssHref = linkedStylesheet(html);
const css = await readFile(join(distDir, cssHref), 'utf8');
const files = await renderSite({
  template: { html, cssHref, css },
  siteUrl: buildInfo.siteUrl,
  builtOn: new Date().toISOString().slice(0, 10),
});
for (const [file, contents] of files) {
  await mkdir(dirname(join(distDir, file)), { recursive: true });
  await writeFile(join(distDir, file), contents);
}
// What the build is for is written only once the home page is seen to say it: the pages read the
// model through Vite's environment, and `cdk synth` trusts this file.
const promised = typicalDeliveryWords(buildInfo.deliverySeconds);
if (!files.get('index.html')?.includes(promised)) {
  console.error(`The prerendered home page does not say "${promised}" (FOOTAGE_MODEL=${footageModel ?? ''})`);
  process.exit(1);
}
await writeFile(join(distDir, siteBuildInfoFile), `${JSON.stringify(buildInfo, null, 2)}\n`);
await rm(serverDir, { recursive: true, force: true });
console.log(`Prerendered ${files.size} files into web/dist.`);
