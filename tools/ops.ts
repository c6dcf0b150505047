// `npm run ops -- <command>`: find, show, refund, resend and redrive orders, and create free-ad
// codes, on the running twin (default; reads .local/env.json) or a deployed stage (--stage
// staging|prod, with your AWS credentials). Runbook: docs/runbook.md.
import '#local/cli/node20-sdk-notice.ts';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { logger } from '#powertools/logger.ts';
import { createFreeCode } from './ops/free-codes.ts';
import { findOrders, showOrder } from './ops/inspect.ts';
import { OpsError } from './ops/ops-error.ts';
import { redriveOrder, refundOrder, resendEmail } from './ops/repair.ts';
import { type OpsTarget, stageTarget, twinTarget } from './ops/target.ts';

const usage = `Usage: npm run ops -- <command> [--stage staging|prod | --env-file <path>]
  find --email <address> [--json]        the buyer's orders, newest first
  show <order id> [--full] [--json]      the order (email masked unless --full) and its execution
  refund <order id> [--yes]              refund a paid order (--yes: even a delivered one)
  resend <order id> [--kind received|ready|failed|refused]
                                         send an order email again (kind: from the status)
  redrive <order id>                     resume a failed, timed-out or aborted execution
  free-code [--max-redemptions <n>]      create a long random 100 % promotion code in Stripe (default 100)`;

const defaultEnvFile = fileURLToPath(new URL('../.local/env.json', import.meta.url));

async function main(argv: string[]): Promise<void> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new OpsError(`${(error as Error).message}\n${usage}`, 2);
  }
  const { values, positionals } = parsed;
  const [command, id, ...extra] = positionals;
  if (values.help) {
    print(usage);
    return;
  }
  if (!command) throw new OpsError(usage, 2);
  if (extra.length) throw new OpsError(`Unexpected arguments: ${extra.join(' ')}\n${usage}`, 2);
  if (values.stage && !['staging', 'prod'].includes(values.stage)) {
    throw new OpsError('--stage must be staging or prod.', 2);
  }
  const target = values.stage
    ? await stageTarget(values.stage)
    : await twinTarget(values['env-file'] ?? defaultEnvFile);
  applyTarget(target);

  switch (command) {
    case 'find':
      return findOrders(values.email, { json: values.json }, print);
    case 'show':
      return showOrder(id, { json: values.json, full: values.full }, print);
    case 'refund':
      return refundOrder(id, { yes: values.yes }, print);
    case 'resend':
      return resendEmail(id, values.kind ? { kind: values.kind } : {}, print);
    case 'redrive':
      return redriveOrder(id, target, print);
    case 'free-code':
      return createFreeCode({ maxRedemptions: values['max-redemptions'] }, print);
    default:
      throw new OpsError(`Unknown command ${command}.\n${usage}`, 2);
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      stage: { type: 'string' },
      'env-file': { type: 'string' },
      email: { type: 'string' },
      kind: { type: 'string' },
      'max-redemptions': { type: 'string' },
      json: { type: 'boolean', default: false },
      full: { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

/** The domain code reads its configuration from process.env, as in Lambda; its clients are made on first use. */
function applyTarget(target: OpsTarget): void {
  Object.assign(process.env, target.env);
  // Handlers log every step at INFO; here only warnings and errors matter (to stderr).
  logger.setLogLevel('WARN');
}

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

try {
  await main(process.argv.slice(2));
  process.exit(0);
} catch (error) {
  if (error instanceof OpsError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode);
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') {
    process.stderr.write(
      `Nothing answers at an endpoint of the target (${(error as Error).message}); is it running?\n`,
    );
    process.exit(1);
  }
  process.stderr.write(`Unexpected error: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(3);
}
