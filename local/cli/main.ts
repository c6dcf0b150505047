// `npm start`: builds the site if needed and runs the whole product on one machine.
//   npm start                 → http://localhost:3000 (PORT overrides)
//   npm start -- --reset      → the same, from empty state (.local/ is cleared)
//   npm start -- --state <d>  → state in <d> instead of .local/ (a second twin beside the first)
// With STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set, real Stripe test mode is used.
// With FOOTAGE_PROVIDER=veo|runway|fal, ads get AI footage from that provider's local contract server.
// The demo shops (local/demo-shops) are served at their own names (http://emberoakcoffee.test/), and
// REELFIVE_LOCAL_SITES=myshop.test=8080 lets the twin read a site on this machine (local-sites.ts).
import './node20-sdk-notice.ts';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { demoShops } from '#local/demo-shops/shops.ts';
import { footageProviders } from '#shared/config-schema.ts';
import { localSitesVariable, mergeSiteHosts, parseLocalSites } from './local-sites.ts';

const began = performance.now();
const usage = `Usage: npm start [-- [--reset] [--state <folder>]]
  --reset           start from empty state (the state folder is cleared)
  --state <folder>  keep state in <folder> instead of .local/ (a second twin beside the first:
                    PORT=3001 npm start -- --state .local-3001)
  PORT=<port>       serve on another port than 3000`;
let args: ReturnType<typeof parseStartArgs>;
try {
  args = parseStartArgs();
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
const { reset } = args;

function parseStartArgs() {
  return parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      state: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
}

const secretKey = process.env.STRIPE_SECRET_KEY;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
const footageProvider = process.env.FOOTAGE_PROVIDER;
if (footageProvider && !(footageProviders as readonly string[]).includes(footageProvider)) {
  console.error(`FOOTAGE_PROVIDER must be one of ${footageProviders.join(', ')} (or unset for engine-only ads)`);
  process.exit(1);
}
let localSites: ReturnType<typeof parseLocalSites>;
try {
  localSites = parseLocalSites(process.env[localSitesVariable]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// The twin's modules load once the arguments are read: --help and a mistyped option answer at once.
const [
  { startTwin },
  { StateFolderInUse },
  { buildSiteIfStale },
  { twinFootageModels },
  { demoShopUrl, serveDemoShops },
] = await Promise.all([
  import('#local/twin.ts'),
  import('#local/state-folder/lock.ts'),
  import('#local/cloudfront/site-build.ts'),
  import('#local/footage/index.ts'),
  import('#local/demo-shops/serve.ts'),
]);
// The site promises the twin's delivery time: with a footage provider, its model's.
await buildSiteIfStale(
  (line) => console.log(line),
  footageProvider ? twinFootageModels[footageProvider as (typeof footageProviders)[number]] : null,
);
const shops = await serveDemoShops();
const twin = await startTwin({
  port: Number(process.env.PORT ?? 3000),
  reset,
  ...(args.state ? { stateDir: args.state } : {}),
  testSiteHosts: mergeSiteHosts(shops.siteHosts, localSites),
  ...(secretKey && webhookSecret ? { realStripe: { secretKey, webhookSecret } } : {}),
  ...(footageProvider ? { footage: { provider: footageProvider as (typeof footageProviders)[number] } } : {}),
  log: (line) => console.error(line),
  // The same knob as the handlers' own logs.
  ...(process.env.POWERTOOLS_LOG_LEVEL?.toUpperCase() === 'DEBUG'
    ? { debug: (line: string) => console.error(line) }
    : {}),
}).catch((error: Error) => {
  // Another twin on .local/ is not a crash: its message says which one, no stack trace needed.
  if (!(error instanceof StateFolderInUse)) throw error;
  console.error(error.message);
  process.exit(1);
});

const seconds = ((performance.now() - began) / 1000).toFixed(1);
console.log(`
ReelFive is running (ready in ${seconds} s${reset ? ', state reset' : ''}).

  Site        ${twin.url}/
  Orders      ${twin.url}/_local/orders
  Executions  ${twin.url}/_local/executions
  Mail        ${twin.url}/_local/mail
  Stripe      ${twin.stripe ? `local (pay pages under ${twin.url}/_local/pay/…; cards 4242 4242 4242 4242 pays, 4000 0000 0000 0002 declines)` : 'real Stripe test mode'}
  Footage     ${twin.footage ? `${twin.footage.provider} contract server at ${twin.footage.url} (local clips)` : 'none: engine-only ads (FOOTAGE_PROVIDER=veo|runway|fal adds AI footage)'}
  State       ${twin.stateDir} (npm start -- --reset clears it)
  Demo shops  ${demoShops.map(demoShopUrl).join('  ')}
              (type one in the form, or: npm run order -- --demo coffee)${localSites.allowPrivate.length ? `\n  Your sites  ${localSites.allowPrivate.map((name) => `http://${name}/ → 127.0.0.1:${localSites.ports?.[name]}`).join('  ')}` : ''}

Press Ctrl+C to stop.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await twin.stop();
    await shops.close();
    process.exit(0);
  });
}
