// Starts the one generation execution of a paid order. The execution name is the order id, so
// a second start (webhook and success page racing, a retried event) cannot make a second ad.
import { ExecutionAlreadyExists, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { stepFunctions } from '#common/sfn-client.ts';
import { logger } from '#powertools/logger.ts';
import { envNames, requireEnv } from '#shared/runtime-env.ts';

/** Input every execution starts with; the execution name is the same order id. */
export interface GenerationInput {
  orderId: string;
}

export function executionArnFor(orderId: string): string {
  const machineArn = requireEnv(envNames.stateMachineArn);
  return `${machineArn.replace(':stateMachine:', ':execution:')}:${orderId}`;
}

/** Returns the execution's ARN, whether this call started it or an earlier one did. */
export async function startGeneration(orderId: string): Promise<string> {
  const input: GenerationInput = { orderId };
  try {
    const started = await stepFunctions().send(
      new StartExecutionCommand({
        stateMachineArn: requireEnv(envNames.stateMachineArn),
        name: orderId,
        input: JSON.stringify(input),
      }),
    );
    logger.info('Generation started', { orderId });
    return started.executionArn ?? executionArnFor(orderId);
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists) return executionArnFor(orderId);
    throw error;
  }
}
