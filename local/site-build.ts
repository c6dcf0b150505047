// Builds web/dist (npm run build: Vite + the prerender) when any source is newer than the last build, so `npm start`
// and the integration tests always serve the current site.
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sources = [join(projectRoot, 'web'), join(projectRoot, 'shared')];
const builtMarker = join(projectRoot, 'web', 'dist', 'index.html');

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

export async function buildSiteIfStale(log: (line: string) => void): Promise<void> {
  const built = await stat(builtMarker).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const newest = Math.max(...(await Promise.all(sources.map(newestMtime))));
  if (built > newest) return;
  log('Building the site…');
  await new Promise<void>((resolveBuild, reject) => {
    const child = spawn('npx', ['tsx', 'web/build.ts', '--quiet'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolveBuild() : reject(new Error(`vite build exited with ${code}`))));
  });
}
