// Where the ops CLI works: the running twin (its environment, written to .local/env.json at
// start) or a deployed stage (the reconciler function's environment, which names the stage's
// tables, state machine, Stripe secret and mail sender). Either way the CLI then runs the same
// domain code as the Lambdas, with the operator's credentials in AWS.
import { readFile } from 'node:fs/promises';
import { GetFunctionConfigurationCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import * as z from 'zod';
import { OpsError } from './ops-error.ts';

/** `.local/env.json`: written by the twin when it has started, removed by nobody (pid tells if it runs). */
export const twinEnvFileSchema = z.object({
  /** The twin's site origin, e.g. http://localhost:3000. */
  url: z.string(),
  /** The twin's process; the CLI refuses to act for a twin that is gone. */
  pid: z.number().int().positive(),
  startedAt: z.string(),
  /** Exactly the environment the twin gives its handlers (Twin.env). */
  env: z.record(z.string(), z.string()),
});
export type TwinEnvFile = z.infer<typeof twinEnvFileSchema>;

export interface OpsTarget {
  kind: 'twin' | 'stage';
  /** For messages: "twin at http://localhost:3000" or "stage prod". */
  label: string;
  env: Record<string, string>;
}

export async function twinTarget(file: string): Promise<OpsTarget> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new OpsError(`No ${file}: start the twin with npm start (or pass --stage).`);
    throw error;
  });
  let parsed: TwinEnvFile;
  try {
    parsed = twinEnvFileSchema.parse(JSON.parse(text));
  } catch {
    throw new OpsError(`${file} is not a twin environment file; restart the twin to rewrite it.`);
  }
  if (!isRunning(parsed.pid)) {
    throw new OpsError(`The twin that wrote ${file} (pid ${parsed.pid}) is not running; start it with npm start.`);
  }
  return { kind: 'twin', label: `twin at ${parsed.url}`, env: parsed.env };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The stack's reconciler (lib/operations: `<stack>-reconciler`, stack `ReelFive-<stage>`). */
export async function stageTarget(stage: string): Promise<OpsTarget> {
  const functionName = `ReelFive-${stage}-reconciler`;
  const lambda = new LambdaClient({});
  try {
    const configuration = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: functionName }));
    return { kind: 'stage', label: `stage ${stage}`, env: { ...configuration.Environment?.Variables } };
  } catch (error) {
    if (error instanceof ResourceNotFoundException) {
      throw new OpsError(`No function ${functionName} in this account and region: is stage ${stage} deployed here?`);
    }
    if ((error as Error).name === 'CredentialsProviderError' || /region/i.test((error as Error).message)) {
      throw new OpsError(`AWS credentials or region missing: ${(error as Error).message}`);
    }
    throw error;
  } finally {
    lambda.destroy();
  }
}
