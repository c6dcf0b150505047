// The twin's command-line programs as a newcomer meets them: `npm run order` and `npm start` say
// how they are used when asked or given a wrong option (never a stack trace), and
// `npm run order -- --demo coffee` makes a real ad of a demo shop, read at the address a buyer
// types (http://emberoakcoffee.test/), on a machine with no internet.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoShopServer, serveDemoShops } from '#local/demo-shops/serve.ts';
import { adTestTimeoutMs, twinForSuite, uniqueEmail } from '../../support/twin.ts';

const projectRoot = fileURLToPath(new URL('../../../..', import.meta.url));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A program of local/ as npm runs it, with a bare environment. */
function run(program: 'local/cli/order.ts' | 'local/cli/main.ts', args: string[], timeoutMs = 60_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', program, ...args],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, timeout: timeoutMs },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const noStack = (cli: CliRun) => expect(`${cli.stdout}${cli.stderr}`).not.toMatch(/\n\s+at /);

let shops: DemoShopServer | undefined;
beforeAll(async () => {
  shops = await serveDemoShops();
});
afterAll(() => shops?.close());
// Read when the twin starts (after the shops above are listening): the names at the scheme's own
// port, as npm start maps them.
const twin = twinForSuite({
  waitScale: 0.2,
  get testSiteHosts() {
    if (!shops) throw new Error('the demo shops start before the twin');
    return shops.siteHosts;
  },
});

describe('npm run order', () => {
  it('--help lists every option, and a wrong one is said with the usage and exit code 2', async () => {
    const help = await run('local/cli/order.ts', ['--help']);
    expect(help.code).toBe(0);
    for (const option of [
      'website',
      'demo',
      'email',
      'style',
      'duration',
      'coupon',
      'photo',
      'card',
      'url',
      'timeout',
    ]) {
      expect(help.stdout).toContain(`--${option} `);
    }
    expect(help.stdout).not.toContain('…');

    const wrong = await run('local/cli/order.ts', ['--colour', 'red']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown option '--colour'");
    expect(wrong.stderr).toContain('Usage: npm run order');
    noStack(wrong);

    const unknownShop = await run('local/cli/order.ts', ['--demo', 'bicycles']);
    expect(unknownShop.code).toBe(2);
    expect(unknownShop.stderr).toContain('ember-oak-coffee');
    noStack(unknownShop);
  });

  it(
    '--demo coffee orders, pays and follows an ad made from the demo shop, to its download link',
    async () => {
      const email = uniqueEmail('demo');
      const cli = await run(
        'local/cli/order.ts',
        ['--demo', 'coffee', '--email', email, '--duration', '4', '--url', twin.current.url],
        adTestTimeoutMs,
      );

      expect(cli.stderr).toBe('');
      expect(cli.stdout).toContain('completed · done · 100%');
      expect(cli.stdout).toMatch(/Download: +http/);
      const orderId = /Order ([0-9a-f-]{36}) paid/.exec(cli.stdout)?.[1] ?? '';
      // The execution goes on past the order's completion with the rest of the delivery pack.
      const execution = await twin.current.steps.waitForExecution(orderId);
      // Read from the shop's page, not guessed from its name: the page's own name and product.
      expect(JSON.stringify(execution.output)).toContain('"businessName":"Ember & Oak Coffee"');
      expect(JSON.stringify(execution.output)).toContain('House Blend');
    },
    adTestTimeoutMs,
  );
});

describe('npm start', () => {
  it('--help says how to reset, use another state folder and port; a wrong option exits 2 with it', async () => {
    const help = await run('local/cli/main.ts', ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--reset');
    expect(help.stdout).toContain('--state <folder>');
    expect(help.stdout).toContain('PORT=');

    const wrong = await run('local/cli/main.ts', ['--rest']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown option '--rest'");
    expect(wrong.stderr).toContain('Usage: npm start');
    noStack(wrong);
  });
});
