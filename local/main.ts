// `npm start`: builds the site if needed and runs the whole product on one machine.
//   npm start                 → http://localhost:3000 (PORT overrides)
//   npm start -- --reset      → the same, from empty state (.local/ is cleared)
// With STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set, real Stripe test mode is used.
// With FOOTAGE_PROVIDER=veo|runway|fal, ads get AI footage from that provider's local contract server.
import { performance } from 'node:perf_hooks';
import { footageProviders } from '#shared/config-schema.ts';
import { twinFootageModels } from './footage/index.ts';
import { buildSiteIfStale } from './site-build.ts';
import { StateFolderInUse } from './state-lock.ts';
import { startTwin } from './twin.ts';

const began = performance.now();
// Under Node 20 the AWS SDK warns on every start that its releases after the first week of January
// 2027 will need Node 22. The lock pins today's SDK, and the README says it once (Prerequisites).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const reset = process.argv.includes('--reset');

const secretKey = process.env.STRIPE_SECRET_KEY;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
const footageProvider = process.env.FOOTAGE_PROVIDER;
if (footageProvider && !(footageProviders as readonly string[]).includes(footageProvider)) {
  console.error(`FOOTAGE_PROVIDER must be one of ${footageProviders.join(', ')} (or unset for engine-only ads)`);
  process.exit(1);
}
// The site promises the twin's delivery time: with a footage provider, its model's.
await buildSiteIfStale(
  (line) => console.log(line),
  footageProvider ? twinFootageModels[footageProvider as (typeof footageProviders)[number]] : null,
);
const twin = await startTwin({
  port: Number(process.env.PORT ?? 3000),
  reset,
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

Press Ctrl+C to stop.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await twin.stop();
    process.exit(0);
  });
}
