// Step Functions on the twin: the synthesized state machine (server.ts) with each Task state run
// as Lambda runs it: the generation steps' handlers in this process, the render states through
// Lambda's Invoke API. Each execution that ends goes to the execution-status rule's function
// (eventbridge/execution-status-rule.ts). Executions persist in the state folder.
import type { CloudFormationTemplate } from '#local/cloudformation/template.ts';
import { executionStatusChange } from '#local/eventbridge/execution-status-rule.ts';
import { type Functions, twinRenderFunctionName } from '#local/lambda/start.ts';
import type { RunningService } from '#local/support/service.ts';
import { executionEndedFunction, generationSteps, renderStates } from '#shared/generation-steps.ts';
import { envNames } from '#shared/runtime-env.ts';
import { type LocalStepFunctions, startStepFunctions } from './server.ts';

export interface StepFunctions extends RunningService {
  steps: LocalStepFunctions;
  /** The state machine's ARN and endpoint, which the functions that start executions need. */
  environment: Record<string, string>;
}

export async function start(options: {
  template: CloudFormationTemplate;
  storeFile: string;
  /** Multiplies the state machine's Wait and Retry times. */
  waitScale?: number;
  functions: Functions;
  log: (line: string) => void;
}): Promise<StepFunctions> {
  const { functions } = options;
  const taskHandlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const step of generationSteps) {
    const fn = { entry: step.entry, name: step.state, timeoutSeconds: step.timeoutSeconds };
    taskHandlers[step.state] = (input) => functions.invoke(fn, input);
  }
  for (const state of Object.values(renderStates)) {
    taskHandlers[state] = (input) => functions.lambda.runTask(twinRenderFunctionName, input);
  }
  const executionEnded = {
    entry: executionEndedFunction.entry,
    name: 'ExecutionEnded',
    timeoutSeconds: executionEndedFunction.timeoutSeconds,
  };
  const steps = await startStepFunctions({
    template: options.template,
    taskHandlers,
    storeFile: options.storeFile,
    ...(options.waitScale ? { waitScale: options.waitScale } : {}),
    onExecutionEnd: async (execution) => {
      await functions.invoke(executionEnded, executionStatusChange(execution));
    },
    log: options.log,
  });
  return {
    steps,
    environment: { [envNames.stateMachineArn]: steps.stateMachineArn, AWS_ENDPOINT_URL_SFN: steps.endpoint },
    stop: steps.stop,
  };
}
