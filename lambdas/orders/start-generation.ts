// Starts the one generation execution of a paid order. The execution name is the order id, so
// a second start (webhook and success page racing, a retried event) cannot make a second ad.
import { ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { stepFunctions } from '#common/sfn-client.ts';
import { logger } from '#powertools/logger.ts';
import { revisionExecutionName } from '#shared/revision.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

/** Input every execution starts with; the execution name is the same order id. */
export interface GenerationInput {
  orderId: string;
  /** Present on the order's revision (shared/revision.ts): the execution makes version 2. */
  revision?: 2;
}

/** An execution's ARN from its name (the order id, or the revision's name). */
export function executionArnFor(orderId: string): string {
  const machineArn = requireEnv(envNames.stateMachineArn);
  return `${machineArn.replace(':stateMachine:', ':execution:')}:${orderId}`;
}

/** Returns the execution's ARN, whether this call started it or an earlier one did. */
export async function startGeneration(orderId: string): Promise<string> {
  return startExecution(orderId, { orderId });
}

/** The order's revision: its own execution of the same machine, named `<order id>-v2`. */
export async function startRevisionGeneration(orderId: string): Promise<string> {
  return startExecution(revisionExecutionName(orderId), { orderId, revision: 2 });
}

async function startExecution(name: string, input: GenerationInput): Promise<string> {
  try {
    const started = await stepFunctions().send(
      new StartExecutionCommand({
        stateMachineArn: requireEnv(envNames.stateMachineArn),
        name,
        input: JSON.stringify(input),
      }),
    );
    logger.info('Generation started', { orderId: input.orderId, execution: name });
    return started.executionArn ?? executionArnFor(name);
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists) return executionArnFor(name);
    throw error;
  }
}
