// The ad generation workflow: a Standard state machine with one Lambda task per entry of the step
// table, run once per paid order (execution name = order id). The twin runs the ASL synthesized
// here, so the definition keeps to JSONPath, plain Task/Retry states and no task tokens.
import { ArnFormat, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import {
  Choice,
  Condition,
  DefinitionBody,
  Fail,
  JsonPath,
  LogLevel,
  Map as MapState,
  StateMachine,
  StateMachineType,
  Succeed,
  TaskInput,
  type TaskStateBase,
  Timeout,
  Wait,
  WaitTime,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import type { Notifications } from '#lib/notifications/notifications.ts';
import type { Orders } from '#lib/orders/orders.ts';
import type { Payments } from '#lib/payments/payments.ts';
import { type AvailableOwners, type GenerationGrants, grantCapabilities } from '#lib/shared/grants.ts';
import { acknowledgeWildcardResource } from '#lib/shared/nag.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import type { FootageChoice } from '#lib/stack-parameters.ts';
import type { Uploads } from '#lib/uploads/uploads.ts';
import { isStripeKeyCapability } from '#shared/capabilities.ts';
import { generationConfig } from '#shared/config.ts';
import {
  executionEndedFunction,
  type GenerationStateName,
  type GenerationStep,
  generationSteps,
  renderFunction,
  renderStates,
} from '#shared/generation-steps.ts';
import { envNames } from '#shared/runtime-env.ts';
import { ContentGuardrail } from './content-guardrail.ts';
import { imageDecoding, interFontFiles, RenderFunction, taskRoot } from './render-function.ts';

/** Transient Lambda service failures worth retrying (Step Functions' documented Lambda errors). */
const lambdaServiceErrors = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'Lambda.ClientExecutionTimeoutException',
];

/** Our own transient failures (lambdas/generation/step-errors.ts) and Stripe's, for steps that call Stripe. */
const retryableStepErrors = ['RetryableStepError'];
const stripeTransientErrors = ['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError'];

export interface GenerationProps {
  orders: Orders;
  uploads: Uploads;
  payments: Payments;
  notifications: Notifications;
  /** With `bedrock`, WriteStoryboard calls the model (and may); with `template` it has no Bedrock access. */
  copywriter: 'template' | 'bedrock';
  /** With `polly`, the render function speaks with Amazon Polly; `local` (the twin) uses festival. */
  voice: 'polly' | 'local';
  /** Concurrent renders reserved for the render function; undefined reserves none. */
  renderReservedConcurrency?: number;
  /** The stage's video model for AI footage; null or absent: engine-only ads. */
  footage?: FootageChoice | null;
  /** The Secrets Manager name of the stage's C2PA signer (the ads' AI label). */
  c2paSignerSecretName: string;
}

export class Generation extends Construct implements GenerationGrants {
  readonly stateMachine: StateMachine;
  readonly renderFunction: RenderFunction;
  /** What the preview and AnalyzeWebsite ask before an ad is made for a site (shared/prohibited-content.ts). */
  readonly contentGuardrail: ContentGuardrail;
  readonly stepFunctions: Record<GenerationStateName, ReelFiveFunction>;
  /** The execution-status rule's target, which runs the failure path itself. */
  readonly executionEndedFunction: ReelFiveFunction;
  /** Execution-status events the failure-path function never received (alarmed in lib/alarms). */
  readonly executionEndedDeadLetters: Queue;
  /** ARN pattern of this machine's executions (their names are order ids). */
  private readonly executions: string;
  private readonly copywriter: GenerationProps['copywriter'];
  private readonly voice: GenerationProps['voice'];
  private readonly footage: FootageChoice | null;
  private readonly c2paSignerSecretName: string;

  constructor(scope: Construct, id: string, props: GenerationProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.copywriter = props.copywriter;
    this.voice = props.voice;
    this.footage = props.footage ?? null;
    this.c2paSignerSecretName = props.c2paSignerSecretName;
    // Its own functions' capabilities: everything but the API's and realtime's.
    const owners: AvailableOwners = { ...props, generation: this };

    this.contentGuardrail = new ContentGuardrail(this, 'ContentGuardrail');
    this.renderFunction = new RenderFunction(this, 'RenderFunction');
    // A stage may reserve (and so cap) render concurrency; absent, renders share the account's
    // pool. A render task over the cap is throttled and retried by its Retry (renderTask below).
    (this.renderFunction.node.defaultChild as CfnFunction).reservedConcurrentExecutions =
      props.renderReservedConcurrency;

    grantCapabilities(this.renderFunction, renderFunction.uses, owners);

    const functions = {} as Record<GenerationStateName, ReelFiveFunction>;
    const tasks = {} as Record<GenerationStateName, TaskStateBase>;
    for (const step of generationSteps as readonly GenerationStep[]) {
      const state = step.state as GenerationStateName;
      const fn = new ReelFiveFunction(this, `${state}Function`, {
        entry: step.entry,
        timeoutSeconds: step.timeoutSeconds,
        description: `Generation step ${state}`,
        ...(step.decodesImages ? imageDecoding : {}),
        ...(step.measuresText ? { bundledFiles: interFontFiles } : {}),
        ...(step.memoryMb ? { memoryMb: step.memoryMb } : {}),
        readsWebsites: step.readsWebsites,
      });
      if (step.measuresText) fn.addEnvironment('RENDER_FONTS_DIR', taskRoot);
      grantCapabilities(fn, step.uses, owners);
      if (step.setsPackFormats) fn.addEnvironment(envNames.packFormats, generationConfig.pack.formats.join(','));
      functions[state] = fn;
      tasks[state] = new LambdaInvoke(this, state, {
        stateName: state,
        lambdaFunction: fn,
        // The ASL resource is then the function ARN and the task's result is the handler's return.
        payloadResponseOnly: true,
        retryOnServiceExceptions: false,
        resultPath: step.resultKey ? `$.${step.resultKey}` : JsonPath.DISCARD,
        taskTimeout: Timeout.duration(Duration.seconds(step.timeoutSeconds)),
      })
        .addRetry({ errors: lambdaServiceErrors, interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 4 })
        .addRetry({
          errors: [...retryableStepErrors, ...(step.uses.some(isStripeKeyCapability) ? stripeTransientErrors : [])],
          interval: Duration.seconds(3),
          backoffRate: 2,
          maxAttempts: 3,
        });
    }
    this.stepFunctions = functions;

    // The failure path, in table order: each of its states moves on even if it fails itself, so
    // ops always hear.
    const failed = new Fail(this, 'GenerationFailed', { error: 'GenerationFailed', cause: 'The ad could not be made' });
    const failurePath = stepsOn('failure').map((step) => tasks[step.state]);
    for (const [index, task] of failurePath.entries()) {
      const next = failurePath[index + 1] ?? failed;
      task.next(next);
      task.addCatch(next, { resultPath: '$.failurePathError' });
    }
    const [failurePathStart] = failurePath;
    if (!failurePathStart) throw new Error('The step table has no failure path');

    // The renders (docs/render-shape.md): synchronous invokes of the render function, each with one
    // item of the pack. The primary first: the order completes with it; then the pack's others side
    // by side in a Map, whose failure fails the pack alone (the order keeps its primary file).
    const renderAd = this.renderTask(renderStates.primary, {
      'request.$': '$.renders.request',
      'item.$': '$.renders.primary',
    }).addCatch(failurePathStart, { errors: ['States.ALL'], resultPath: '$.failure' });
    const done = new Succeed(this, 'Done');
    const packFailed = tasks.MarkPackFailed.next(done);
    tasks.MarkPackFailed.addCatch(done, { resultPath: '$.packFailure' });
    const renderPack = new MapState(this, 'RenderPack', {
      itemsPath: '$.renders.pack',
      itemSelector: { 'request.$': '$.renders.request', 'item.$': '$$.Map.Item.Value' },
      maxConcurrency: generationConfig.pack.maxConcurrentRenders,
      resultPath: '$.packFiles',
    })
      .itemProcessor(this.renderTask(renderStates.pack, { 'request.$': '$.request', 'item.$': '$.item' }))
      .addCatch(packFailed, { errors: ['States.ALL'], resultPath: '$.packFailure' });
    tasks.DeliverPack.addCatch(packFailed, { errors: ['States.ALL'], resultPath: '$.packFailure' });
    // The footage loop (Wait/Check, never a task token: DESIGN's traps): StartFootage answers
    // `skipped` at once on an engine-only stage, and the render starts straight away.
    const waitForFootage = new Wait(this, 'WaitForFootage', {
      time: WaitTime.duration(Duration.seconds(generationConfig.footage.pollSeconds)),
    });
    const footageReady = new Choice(this, 'FootageReady')
      .when(Condition.stringEquals('$.footage.status', 'running'), waitForFootage)
      .otherwise(tasks.PlanRenders);
    waitForFootage.next(tasks.CheckFootage).next(footageReady);
    tasks.PlanRenders.next(renderAd)
      .next(tasks.Deliver)
      .next(tasks.MarkCompleted)
      .next(renderPack)
      .next(tasks.DeliverPack)
      .next(done);
    // The order's free revision (shared/revision.ts): its own execution (<order id>-v2) of this
    // machine, told apart by its input. Version 2 is one 720x1280 file; whatever fails, the
    // revision fails alone: MarkRevisionFailed tells the buyer, nothing is refunded.
    const revisionFailed = tasks.MarkRevisionFailed.next(done);
    tasks.MarkRevisionFailed.addCatch(
      new Fail(this, 'RevisionFailed', { error: 'RevisionFailed', cause: 'The revision could not be made' }),
      { resultPath: '$.failurePathError' },
    );
    const renderRevision = this.renderTask(renderStates.revision, {
      'request.$': '$.renders.request',
      'item.$': '$.renders.primary',
      revision: 2,
    }).addCatch(revisionFailed, { errors: ['States.ALL'], resultPath: '$.failure' });
    for (const state of ['ReviseStoryboard', 'DeliverRevision'] as const) {
      tasks[state].addCatch(revisionFailed, { errors: ['States.ALL'], resultPath: '$.failure' });
    }
    const revision = tasks.ReviseStoryboard.next(renderRevision).next(tasks.DeliverRevision).next(done);
    const happyPath = tasks.MarkProcessing.next(tasks.AnalyzeWebsite)
      .next(tasks.WriteStoryboard)
      .next(tasks.StartFootage)
      .next(footageReady);
    // Whatever a step of the main path ends with goes to the failure path.
    for (const step of stepsOn('main')) {
      tasks[step.state].addCatch(failurePathStart, { errors: ['States.ALL'], resultPath: '$.failure' });
    }

    const logGroup = new LogGroup(this, 'ExecutionLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // A fixed name makes the executions' ARN pattern plain text in IAM instead of a split of the ARN.
    const stateMachineName = `${stack.stackName}-generation`;
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      stateMachineName,
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromChainable(
        new Choice(this, 'WhichVersion').when(Condition.isPresent('$.revision'), revision).otherwise(happyPath),
      ),
      // Bounds a stuck execution; Catch does not run on this timeout, so the execution-status rule
      // below runs the failure path.
      timeout: Duration.minutes(generationConfig.executionTimeoutMinutes),
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

    // docs/design.md "Failure and repair": FAILED / TIMED_OUT / ABORTED executions get the failure path even without a Catch.
    const executionEnded = new ReelFiveFunction(this, 'ExecutionEndedFunction', {
      entry: executionEndedFunction.entry,
      timeoutSeconds: executionEndedFunction.timeoutSeconds,
      description: 'Runs the failure path for executions that failed, timed out or were aborted',
    });
    grantCapabilities(executionEnded, executionEndedFunction.uses, owners);
    this.executionEndedFunction = executionEnded;
    // Events EventBridge could not deliver after its retries (the function throttled, missing,
    // denied) land here instead of vanishing: each is an order that may be unrefunded.
    this.executionEndedDeadLetters = new Queue(this, 'ExecutionEndedDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.executionEndedDeadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter queue of the execution-status rule; a dead-letter queue of a dead-letter queue would only move the same events again.',
    });
    new Rule(this, 'ExecutionEndedRule', {
      description: 'Generation executions that ended without an ad',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: [this.stateMachine.stateMachineArn] },
      },
      targets: [
        new LambdaFunction(executionEnded, {
          retryAttempts: 8,
          maxEventAge: Duration.hours(6),
          deadLetterQueue: this.executionEndedDeadLetters,
        }),
      ],
    });

    const machineRole = this.stateMachine.role;
    Validations.of(machineRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (PutTraceSegments, GetSamplingRules…) and CloudWatch Logs delivery (CreateLogDelivery…) ' +
        'support no resource-level permissions; these are the statements Step Functions requires for tracing and logging.',
    });
    for (const fn of [...Object.values(functions), this.renderFunction]) {
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
  /** Stop a generation execution (names are order ids, so any of this machine's). */
  grantStop(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['states:StopExecution'], resources: [this.executions] }));
    acknowledgeWildcardResource(
      fn.executionRole,
      this.executions,
      "Execution names are order ids known only at run time; StopExecution on the generation machine's executions only.",
    );
  }

  /**
   * A Task state invoking the render function synchronously with `payload` (a RenderTask): Lambda's
   * throttling and service failures are retried with backoff long enough for a burst of orders to
   * drain (5+10+…+160 s), a transient AWS failure inside the render once; a render that failed,
   * died or ran out of time is not rendered again (the same storyboard would fail the same way).
   */
  private renderTask(stateName: string, payload: Record<string, string | number>): TaskStateBase {
    return new LambdaInvoke(this, stateName, {
      stateName,
      lambdaFunction: this.renderFunction,
      payload: TaskInput.fromObject(payload),
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
      // A pack item's result is its iteration's output (no ResultPath: the Map collects them).
      ...(stateName === renderStates.pack ? {} : { resultPath: '$.rendered' }),
      taskTimeout: Timeout.duration(Duration.seconds(renderFunction.timeoutSeconds + 30)),
    })
      .addRetry({ errors: lambdaServiceErrors, interval: Duration.seconds(5), backoffRate: 2, maxAttempts: 6 })
      .addRetry({ errors: retryableStepErrors, interval: Duration.seconds(3), backoffRate: 2, maxAttempts: 1 });
  }

  /** Ask the stage's Bedrock model for a storyboard; nothing when the stage writes from templates. */
  grantCopywriterModel(fn: ReelFiveFunction): void {
    if (this.copywriter !== 'bedrock') return;
    fn.addEnvironment(envNames.copywriter, 'bedrock');
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [
          Stack.of(this).formatArn({
            service: 'bedrock',
            account: '',
            resource: 'foundation-model',
            resourceName: generationConfig.bedrockModelId,
          }),
        ],
      }),
    );
  }

  /** Tell a function which storyboard writer the stage uses, without access to the model. */
  tellCopywriter(fn: ReelFiveFunction): void {
    if (this.copywriter === 'bedrock') fn.addEnvironment(envNames.copywriter, 'bedrock');
  }

  /** Call the stage's video model: its settings and its API key; nothing on an engine-only stage. */
  grantFootage(fn: ReelFiveFunction): void {
    const footage = this.footage;
    if (!footage) return;
    fn.addEnvironment(envNames.footageModel, footage.model);
    fn.addEnvironment(envNames.footageResolution, footage.resolution);
    fn.addEnvironment(envNames.footageMaxSpendUsd, String(footage.maxSpendUsd));
    fn.addEnvironment(envNames.footageFallback, footage.fallback);
    if (!footage.apiKeySecretName) return;
    this.footageKey ??= Secret.fromSecretNameV2(this, 'FootageApiKey', footage.apiKeySecretName);
    this.footageKey.grantRead(fn);
    fn.addEnvironment(envNames.footageApiKeySecretName, footage.apiKeySecretName);
  }
  private footageKey: ReturnType<typeof Secret.fromSecretNameV2> | undefined;

  /** Sign the ads' C2PA manifests: read the stage's signer secret (lambdas/generation/media/label-ad.ts). */
  grantC2paSigning(fn: ReelFiveFunction): void {
    this.c2paSigner ??= Secret.fromSecretNameV2(this, 'C2paSigner', this.c2paSignerSecretName);
    this.c2paSigner.grantRead(fn);
    fn.addEnvironment(envNames.c2paSignerSecretName, this.c2paSignerSecretName);
  }
  private c2paSigner: ReturnType<typeof Secret.fromSecretNameV2> | undefined;

  /** Ask the content guardrail whether a site's content is prohibited. */
  grantContentCheck(fn: ReelFiveFunction): void {
    this.contentGuardrail.grantApply(fn);
  }

  /** Speak with Amazon Polly; nothing when the stage uses the local voice. */
  grantSpeech(fn: ReelFiveFunction): void {
    if (this.voice !== 'polly') return;
    fn.addEnvironment(envNames.voiceEngine, 'polly');
    fn.addToRolePolicy(new PolicyStatement({ actions: ['polly:SynthesizeSpeech'], resources: ['*'] }));
    Validations.of(fn.executionRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'polly:SynthesizeSpeech has no resource of its own (only lexicons have ARNs, and the voice uses none); ' +
        'the function may synthesize speech and nothing else of Polly.',
    });
  }
}

/** The steps of one path, in table order. */
function stepsOn(path: GenerationStep['path']): readonly (GenerationStep & { state: GenerationStateName })[] {
  return (generationSteps as readonly (GenerationStep & { state: GenerationStateName })[]).filter(
    (step) => step.path === path,
  );
}
