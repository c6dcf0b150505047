// Every function of the stack `cdk deploy` ships loads from its own asset, as Lambda loads it: the
// staging stack synthesized with bundling (bin/'s own path, cdk-nag included) into a directory with
// no node_modules above it, each function's index.mjs imported in a fresh Node process with the
// function's environment, by a user that owns none of the files. A bundle that leans on something
// it does not carry (a native addon esbuild cannot bundle, a package left external; the AWS SDK is
// bundled too) fails here as it would fail every invocation in AWS. Before this test, StartFootage
// and CheckFootage bundled sharp's JavaScript without its native build, which only the project's
// own node_modules had supplied.
import { execFile } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
}, 300_000);

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
});
