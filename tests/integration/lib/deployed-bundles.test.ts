// Every function of the stack `cdk deploy` ships loads from its own asset, as Lambda loads it: the
// staging stack synthesized with bundling (bin/'s own path, cdk-nag included) into a directory with
// no node_modules above it, each function's index.mjs imported in a fresh Node process with the
// function's environment, by a user that owns none of the files. A bundle that leans on something
// it does not carry (a native addon esbuild cannot bundle, a package left external; the AWS SDK is
// bundled too) fails here as it would fail every invocation in AWS. Before this test, StartFootage
// and CheckFootage bundled sharp's JavaScript without its native build, which only the project's
// own node_modules had supplied.
import { execFile } from 'node:child_process';
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSitesVariable } from '#local/cli/local-sites.ts';
import { demoShops } from '#local/demo-shops/shops.ts';
import { generationSteps } from '#shared/generation-steps.ts';
import { apiRoutes } from '#shared/routes.ts';
import { type CloudAssembly, synthesizeStaging } from '#tests/bench/cloud-assembly.ts';
import { lambdaEnvironment, type StackFunction, stackFunctions } from '#tests/bench/stack-template.ts';

const run = promisify(execFile);

let assembly: CloudAssembly | undefined;
let functions: StackFunction[] = [];

beforeAll(async () => {
  assembly = await synthesizeStaging();
  // mkdtemp makes it 0700; the path to /var/task is traversable by the function's user.
  await chmod(assembly.directory, 0o755);
  functions = stackFunctions(assembly);
  // Bundling every function takes minutes on a busy 2-core machine.
}, 900_000);

afterAll(async () => {
  await assembly?.remove();
});

/** Imports the bundle as nobody; resolves with what went wrong, or null. */
async function importProblem(fn: StackFunction): Promise<string | null> {
  const bundle = pathToFileURL(join(fn.assetDir, 'index.mjs')).href;
  try {
    await run(
      'setpriv',
      [
        ...['--reuid=nobody', '--regid=nogroup', '--clear-groups'],
        ...[process.execPath, '--input-type=module', '-e', `await import(${JSON.stringify(bundle)});`],
      ],
      { cwd: fn.assetDir, env: lambdaEnvironment(fn), timeout: 60_000 },
    );
    return null;
  } catch (error) {
    const { stderr = '', message } = error as { stderr?: string; message: string };
    // Node prints the failing (minified) source line first, then the error itself.
    const reason = stderr.split('\n').find((line) => /^\w*Error\b/.test(line)) ?? message;
    return reason.slice(0, 300);
  }
}

describe('the deployed bundles', () => {
  it('are all found: every route, every generation step and the other functions', () => {
    const names = functions.map((fn) => fn.name);

    for (const route of apiRoutes) expect(names).toContain(`Api/${route.name}`);
    for (const step of generationSteps) expect(names).toContain(`Generation/${step.state}Function`);
    expect(names).toEqual(
      expect.arrayContaining(['Generation/RenderFunction', 'Operations/Reconciler', 'Api/NotFound']),
    );
  });

  it('each load on their own, as a user that owns none of their files', async () => {
    // Two at a time: the machine's two cores.
    const problems: Record<string, string> = {};
    const queue = [...functions];
    await Promise.all(
      [0, 1].map(async () => {
        for (let fn = queue.shift(); fn; fn = queue.shift()) {
          const problem = await importProblem(fn);
          if (problem) problems[fn.name] = problem;
        }
      }),
    );

    expect(problems).toEqual({});
  }, 300_000);

  it("each that reads websites runs the site reader's worker thread from its own asset", async () => {
    const readers = [
      ...apiRoutes.filter((route) => 'readsWebsites' in route).map((route) => `Api/${route.name}`),
      ...generationSteps.filter((step) => 'readsWebsites' in step).map((step) => `Generation/${step.state}Function`),
    ];
    expect(readers).toEqual(['Api/CreatePreview', 'Api/CreateOrder', 'Generation/AnalyzeWebsiteFunction']);
    for (const name of readers) {
      const fn = functions.find((candidate) => candidate.name === name)!;
      // The handler's bundle loads the worker by this name, beside itself (guarded-reading.ts).
      expect(await readFile(join(fn.assetDir, 'index.mjs'), 'utf8')).toContain('site-reader.worker.mjs');
      // Started as guarded-reading.ts starts it, as nobody, with nothing but the asset to load from.
      const script = [
        "import { Worker } from 'node:worker_threads';",
        "const worker = new Worker('./site-reader.worker.mjs', { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 256 } });",
        "worker.once('message', (facts) => { console.log(JSON.stringify(facts)); void worker.terminate(); });",
        "worker.postMessage({ html: '<title>Harbor Coffee</title><h1>Fresh beans</h1><p>4.9/5 from 2,000 reviews</p>', pageUrl: 'https://harbor.example/' });",
      ].join('\n');
      const { stdout } = await run(
        'setpriv',
        [
          ...['--reuid=nobody', '--regid=nogroup', '--clear-groups'],
          ...[process.execPath, '--input-type=module', '-e', script],
        ],
        { cwd: fn.assetDir, env: lambdaEnvironment(fn), timeout: 60_000 },
      );
      expect(JSON.parse(stdout)).toMatchObject({
        businessName: 'Harbor Coffee',
        headline: 'Fresh beans',
        claims: ['4.9/5 from 2,000 reviews'],
      });
    }
  }, 120_000);

  it("carry nothing of the twin's own sites: the site guard's exceptions are set by local/ only", async () => {
    for (const fn of functions) {
      const bundle = await readFile(join(fn.assetDir, 'index.mjs'), 'utf8');
      // The variable npm start reads the user's own sites from (local/cli/local-sites.ts).
      expect(bundle, fn.name).not.toContain(localSitesVariable);
      // And no demo shop's name: they are the twin's (local/demo-shops).
      for (const shop of demoShops) expect(bundle, fn.name).not.toContain(shop.host);
    }
  });
});
