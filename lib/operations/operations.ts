// Repair and ops (docs/design.md "Failure and repair"): the reconciler, a scheduled function that finishes what a lost
// webhook, a crash or a lost execution left half-way, and an alarm when a repair fails. Its
// environment also tells the ops CLI (`npm run ops -- … --stage <stage>`) where everything is.
import { Duration, Stack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { opsAlarm } from '#lib/alarms/ops-alarm.ts';
import type { Generation } from '#lib/generation/generation.ts';
import type { Notifications } from '#lib/notifications/notifications.ts';
import type { Orders } from '#lib/orders/orders.ts';
import type { Payments } from '#lib/payments/payments.ts';
import { grantCapabilities } from '#lib/shared/grants.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import type { Uploads } from '#lib/uploads/uploads.ts';
import { envNames } from '#shared/runtime-env.ts';

/** The reconciler, declared once (lib/shared/ops-functions.ts): this construct deploys it, the twin's timer runs the same module. */
export const reconcilerFunction = opsFunctions.reconciler;

/** The reconciler's function name, fixed so the ops CLI can find a stage's resources through it. */
export const reconcilerFunctionName = (stackName: string) => `${stackName}-reconciler`;

export interface OperationsProps {
  orders: Orders;
  payments: Payments;
  generation: Generation;
  notifications: Notifications;
  uploads: Uploads;
}

export class Operations extends Construct {
  readonly reconciler: ReelFiveFunction;
  readonly reconcilerErrors: Alarm;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.reconciler = new ReelFiveFunction(this, 'Reconciler', {
      entry: reconcilerFunction.entry,
      timeoutSeconds: reconcilerFunction.timeoutSeconds,
      description: reconcilerFunction.description,
    });
    const fn = this.reconciler;
    // Physical name for the ops CLI, which reads the stage's table and machine names from it.
    (fn.node.defaultChild as CfnFunction).functionName = reconcilerFunctionName(stack.stackName);
    // A failed pass is retried by the next one, five minutes later.
    fn.configureAsyncInvoke({ retryAttempts: 0 });

    grantCapabilities(fn, reconcilerFunction.uses, props);
    // Not read by the reconciler (it sends no ready email, so it gets no read grant): the ops CLI
    // takes the videos bucket from here to attach the poster when it resends a ready email.
    fn.addEnvironment(envNames.videosBucket, props.uploads.videosBucket.bucketName);

    new Rule(this, 'Schedule', {
      description: 'Runs the order reconciler',
      schedule: Schedule.rate(Duration.minutes(reconcilerFunction.everyMinutes)),
      targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
    });

    this.reconcilerErrors = opsAlarm(this, 'ReconcilerErrors', {
      description:
        'An order repair failed (search the reconciler log for "Order repair failed"): a buyer may be unrefunded, ' +
        'an ad unstarted or a slot held; npm run ops -- show <order id> --stage <stage> shows the order.',
      metric: fn.metricErrors({ period: Duration.minutes(reconcilerFunction.everyMinutes), statistic: 'Sum' }),
      threshold: 1,
      topic: props.notifications.opsTopic,
    });
  }
}
