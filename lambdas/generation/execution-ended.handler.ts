// The execution-status rule's target (DESIGN §10): an execution that ends FAILED, TIMED_OUT or
// ABORTED may never have reached its Catch (an execution timeout runs none), so the failure
// path runs from here too. It is idempotent with the one inside the state machine.
import type { EventBridgeEvent } from 'aws-lambda';
import { eventHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { runFailurePath } from './failure-path.ts';

export interface ExecutionStatusChange {
  executionArn: string;
  stateMachineArn: string;
  /** The order id: executions are named after their order. */
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';
  error?: string | null;
  cause?: string | null;
}

export const failedStatuses = ['FAILED', 'TIMED_OUT', 'ABORTED'] as const;

export const handler = eventHandler(runFailurePathOfEndedExecution);

async function runFailurePathOfEndedExecution(
  event: EventBridgeEvent<'Step Functions Execution Status Change', ExecutionStatusChange>,
): Promise<void> {
  const { name: orderId, status, error } = event.detail;
  if (!(failedStatuses as readonly string[]).includes(status)) return;
  logger.info('Execution ended unsuccessfully', { orderId, status, error });
  await runFailurePath(orderId, `Execution ${status}${error ? ` (${error})` : ''}`);
}
