// Tells ops by email when buyers are hurt: API 5xx, webhook failures (a payment not fulfilled)
// and generations that failed or timed out (an ad not delivered).
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

const period = Duration.minutes(5);

export interface AlarmsProps {
  /** The ops topic (lib/notifications): it mails the alarm address. */
  topic: Topic;
  httpApi: HttpApi;
  webhookFunction: IFunction;
  stateMachine: StateMachine;
}

export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = props.topic;

    this.alarm('Api5xx', {
      description: 'The API answered 5xx: buyers saw an internal error.',
      metric: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
      threshold: 3,
    });
    this.alarm('WebhookErrors', {
      description: 'The Stripe webhook function failed: a payment may not be fulfilled until Stripe retries.',
      metric: props.webhookFunction.metricErrors({ period, statistic: 'Sum' }),
      threshold: 1,
    });
    this.alarm('GenerationFailed', {
      description: 'A generation execution failed or timed out: an ad was not delivered.',
      metric: new MathExpression({
        expression: 'FILL(failed, 0) + FILL(timedOut, 0)',
        usingMetrics: {
          failed: props.stateMachine.metricFailed({ period, statistic: 'Sum' }),
          timedOut: props.stateMachine.metricTimedOut({ period, statistic: 'Sum' }),
        },
        period,
      }),
      threshold: 1,
    });
  }

  private alarm(id: string, props: { description: string; metric: IMetric; threshold: number }): void {
    const alarm = new Alarm(this, id, {
      alarmDescription: props.description,
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
  }
}
