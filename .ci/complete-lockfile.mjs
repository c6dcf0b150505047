// This machine's npm registry mirror serves only some platforms' builds of packages such as
// @biomejs/cli-* and @tailwindcss/oxide-*, so `npm install` leaves the other platforms' optional
// packages out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This adds the missing entries the way the public registry would (version + os/cpu), so npm ci
// skips them on platforms they are not for. Run after every `npm install`: node .ci/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** os/cpu/libc of a platform package from its name, e.g. cli-linux-arm64-musl. */
function platformOf(name) {
  const tail = name.split('/').pop();
  const os = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'wasm32'].find(
    (o) => tail.includes(`-${o}-`) || tail.endsWith(`-${o}`),
  );
  if (!os) return null;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const cpu = ['arm64', 'x64', 'ia32', 'arm'].find((c) => tail.includes(`-${os}-${c}`));
  const platform = { os: [os], cpu: cpu ? [cpu] : undefined };
  if (tail.endsWith('-musl')) platform.libc = ['musl'];
  if (tail.endsWith('-gnu') || tail.endsWith('-gnueabihf')) platform.libc = ['glibc'];
  return platform;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...Object.fromEntries(Object.entries(platform).filter(([, value]) => value)),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
