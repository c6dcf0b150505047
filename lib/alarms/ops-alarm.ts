// The one way the stacks build a CloudWatch alarm: one evaluation period, missing data
// healthy unless said otherwise, an action that mails ops through the given topic, and a
// description that ends with the alarm's runbook entry and the stack it lives in, so whoever
// reads the email knows what to do and where. tests/infra/alarms.test.ts fails on an alarm built
// any other way.
import { Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export interface OpsAlarmSpec {
  /** What went wrong for buyers, in a sentence or two; the runbook line is added after it. */
  description: string;
  metric: IMetric;
  threshold: number;
  /** Alarm when the value falls below the threshold (default: at or above it). */
  below?: boolean;
  /** Default: no data is healthy. A job that must report treats no data as breaching. */
  treatMissingData?: TreatMissingData;
  /** The alarm's entry in docs/runbook.md's "Alarms" (default: the alarm's id). */
  runbookEntry?: string;
  /** The topic that mails ops. */
  topic: ITopic;
}

export function opsAlarm(scope: Construct, id: string, spec: OpsAlarmSpec): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: `${spec.description} Runbook: docs/runbook.md, Ops runbook, "${spec.runbookEntry ?? id}" (stack ${Stack.of(scope).stackName}).`,
    metric: spec.metric,
    threshold: spec.threshold,
    evaluationPeriods: 1,
    comparisonOperator: spec.below
      ? ComparisonOperator.LESS_THAN_THRESHOLD
      : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: spec.treatMissingData ?? TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(spec.topic));
  return alarm;
}
