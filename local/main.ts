// `npm start`: builds the site if needed and runs the whole product on one machine.
//   npm start                 → http://localhost:3000 (PORT overrides)
//   npm start -- --reset      → the same, from empty state (.local/ is cleared)
// With STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set, real Stripe test mode is used.
import { performance } from 'node:perf_hooks';
import { buildSiteIfStale } from './site-build.ts';
import { StateFolderInUse } from './state-lock.ts';
import { startTwin } from './twin.ts';

const began = performance.now();
const reset = process.argv.includes('--reset');
await buildSiteIfStale((line) => console.log(line));

const secretKey = process.env.STRIPE_SECRET_KEY;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
const twin = await startTwin({
  port: Number(process.env.PORT ?? 3000),
  reset,
  ...(secretKey && webhookSecret ? { realStripe: { secretKey, webhookSecret } } : {}),
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
