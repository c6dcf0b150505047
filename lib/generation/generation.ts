// The ad generation workflow: a Standard state machine with one Lambda task per entry of the step
// table, run once per paid order (execution name = order id). The twin runs the ASL synthesized
// here, so the definition keeps to JSONPath, plain Task/Retry states and no task tokens.
import { ArnFormat, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  Chain,
  DefinitionBody,
  type IChainable,
  LogLevel,
  StateMachine,
  StateMachineType,
  Succeed,
  Timeout,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { type GenerationStep, generationSteps } from '#generation/steps';
import { envNames } from '#shared/runtime-env';
import type { Orders } from '../orders/orders.ts';
import { acknowledgeWildcardResource } from '../shared/nag.ts';
import { ReelFiveFunction } from '../shared/reelfive-function.ts';

/** Transient Lambda service failures worth retrying (research/api-contracts.md, Step Functions). */
const lambdaServiceErrors = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'Lambda.ClientExecutionTimeoutException',
];

export interface GenerationProps {
  orders: Orders;
}

export class Generation extends Construct {
  readonly stateMachine: StateMachine;
  /** ARN pattern of this machine's executions (their names are order ids). */
  private readonly executions: string;

  constructor(scope: Construct, id: string, props: GenerationProps) {
    super(scope, id);
    const grants: Record<GenerationStep['uses'][number], (fn: ReelFiveFunction) => void> = {
      'orders:write': (fn) => props.orders.grantOrderWrite(fn),
      rateLimits: (fn) => props.orders.grantSlots(fn),
    };
    const stepFunctions: ReelFiveFunction[] = [];
    const tasks = generationSteps.map((step) => {
      const fn = new ReelFiveFunction(this, `${step.state}Function`, {
        entry: step.entry,
        timeoutSeconds: step.timeoutSeconds,
        description: `Generation step ${step.state}`,
      });
      for (const capability of step.uses) grants[capability](fn);
      stepFunctions.push(fn);
      return new LambdaInvoke(this, step.state, {
        stateName: step.state,
        lambdaFunction: fn,
        // The ASL resource is then the function ARN and the task's result is the handler's return.
        payloadResponseOnly: true,
        retryOnServiceExceptions: false,
        taskTimeout: Timeout.duration(Duration.seconds(step.timeoutSeconds)),
      }).addRetry({
        errors: lambdaServiceErrors,
        interval: Duration.seconds(2),
        backoffRate: 2,
        maxAttempts: 4,
      });
    });

    const logGroup = new LogGroup(this, 'ExecutionLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stack = Stack.of(this);
    // A fixed name makes the executions' ARN pattern plain text in IAM instead of a split of the ARN.
    const stateMachineName = `${stack.stackName}-generation`;
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName,
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(inOrder(tasks, new Succeed(this, 'Done'))),
      // Bounds a stuck execution; Catch does not run on this timeout, so DESIGN §10's execution-status
      // rule (with the failure path) handles it.
      timeout: Duration.hours(1),
      tracingEnabled: true,
      // Execution data (inputs, outputs) stays out of the logs: it can carry order details.
      logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });
    this.executions = stack.formatArn({
      service: 'states',
      resource: 'execution',
      resourceName: `${stateMachineName}:*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });

    const machineRole = this.stateMachine.role;
    Validations.of(machineRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (PutTraceSegments, GetSamplingRules…) and CloudWatch Logs delivery (CreateLogDelivery…) ' +
        'support no resource-level permissions; these are the statements Step Functions requires for tracing and logging.',
    });
    for (const fn of stepFunctions) {
      acknowledgeWildcardResource(
        machineRole,
        `${fn.functionArn}:*`,
        'The task may invoke any version or alias of its own step function, and only that function.',
      );
    }
  }

  /** Start the generation of an order and read its execution's status. */
  grantStart(fn: ReelFiveFunction): void {
    this.stateMachine.grantStartExecution(fn);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['states:DescribeExecution'], resources: [this.executions] }));
    acknowledgeWildcardResource(
      fn.executionRole,
      this.executions,
      "Execution names are order ids known only at run time; this machine's executions only.",
    );
    fn.addEnvironment(envNames.stateMachineArn, this.stateMachine.stateMachineArn);
  }
}

/** The steps one after another, in table order, then the end state. */
function inOrder(tasks: readonly IChainable[], end: Succeed): Chain {
  const [first, ...rest] = [...tasks, end];
  return rest.reduce<Chain>((chain, state) => chain.next(state), Chain.start(first ?? end));
}
