// Builds web/dist (npm run build: Vite + the prerender) when any source is newer than the last build,
// or when the last build was made for another footage model (a deploy's build, say), so `npm start`
// and the integration tests always serve the current site, promising the twin's delivery time.
import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSiteBuildInfo, siteBuildInfoFile } from '#shared/site-build-info.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sources = [join(projectRoot, 'web'), join(projectRoot, 'shared')];
const builtMarker = join(projectRoot, 'web', 'dist', 'index.html');
const buildInfoPath = join(projectRoot, 'web', 'dist', siteBuildInfoFile);

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) {
    if (entry === 'dist' || entry === 'node_modules') continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** `footageModel`: the twin's (FOOTAGE_PROVIDER's model), null for engine-only ads. */
export async function buildSiteIfStale(log: (line: string) => void, footageModel: string | null = null): Promise<void> {
  const built = await stat(builtMarker).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const newest = Math.max(...(await Promise.all(sources.map(newestMtime))));
  const madeFor = readSiteBuildInfo(await readFile(buildInfoPath, 'utf8').catch(() => null));
  if (built > newest && madeFor?.footageModel === footageModel) return;
  log('Building the site…');
  await new Promise<void>((resolveBuild, reject) => {
    const { FOOTAGE_MODEL: _deployed, ...env } = process.env;
    const child = spawn('npx', ['tsx', 'web/build.ts', '--quiet'], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...env, ...(footageModel ? { FOOTAGE_MODEL: footageModel } : {}) },
    });
    child.on('exit', (code) => (code === 0 ? resolveBuild() : reject(new Error(`vite build exited with ${code}`))));
  });
}
