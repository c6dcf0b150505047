// The execution-status rule's target (docs/design.md "Failure and repair"): an execution that ends FAILED, TIMED_OUT or
// ABORTED may never have reached its Catch (an execution timeout runs none), so the failure
// path runs from here too. It is idempotent with the one inside the state machine.
import type { EventBridgeEvent } from 'aws-lambda';
import { eventHandler } from '#powertools/handlers.ts';
import { logger } from '#powertools/logger.ts';
import { executionOrder } from '#shared/revision.ts';
import { runFailurePath } from './failure-path.ts';
import { failRevision } from './revision-failure.ts';

export interface ExecutionStatusChange {
  executionArn: string;
  stateMachineArn: string;
  /** The order id (executions are named after their order), or `<order id>-v2` for its revision. */
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
  const { status, error } = event.detail;
  if (!(failedStatuses as readonly string[]).includes(status)) return;
  const { orderId, revision } = executionOrder(event.detail.name);
  logger.info('Execution ended unsuccessfully', { orderId, revision, status, error });
  const reason = `Execution ${status}${error ? ` (${error})` : ''}`;
  // A revision's execution (<order id>-v2) never fails or refunds its order: its revision fails alone.
  if (revision) await failRevision(orderId, reason);
  else await runFailurePath(orderId, reason);
}
