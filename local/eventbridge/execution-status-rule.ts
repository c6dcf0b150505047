// The twin's EventBridge rule on the state machine's execution status (lib/generation:
// ExecutionEndedRule): each execution that ends is handed to its target as the event
// EventBridge delivers from Step Functions.
import type { ExecutionRecord } from '#local/step-functions/executions.ts';

export function executionStatusChange(execution: ExecutionRecord) {
  return {
    source: 'aws.states',
    'detail-type': 'Step Functions Execution Status Change',
    detail: {
      executionArn: execution.executionArn,
      stateMachineArn: execution.stateMachineArn,
      name: execution.name,
      status: execution.status,
      error: execution.error ?? null,
      cause: execution.cause ?? null,
    },
  };
}
