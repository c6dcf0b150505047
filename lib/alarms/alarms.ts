// Tells ops by email when buyers are hurt or soon will be: the API failing or throttled, payments
// not fulfilled, ads not made or not delivered, free ads given away too fast, repairs not running,
// mail reputation at risk and the live-status key about to lapse. Each alarm has its entry in
// docs/runbook.md, "Alarms". (The WAF's alarm lives in us-east-1 with its web ACL: lib/edge.)
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { type IMetric, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { type OpsAlarmSpec, opsAlarm } from '#lib/alarms/ops-alarm.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { config, serviceLimits } from '#shared/config.ts';
import { businessMetricDimensions, businessMetrics, signatureRejectedMessage } from '#shared/observability.ts';

const period = Duration.minutes(5);

/** SES puts an account under review at these rates (SES account-level reputation metrics). */
export const sesReviewRates = { bounce: 0.05, complaint: 0.001 } as const;

/** The metric the webhook's signature failures become (one series per function, so per stage). */
export const webhookSignatureRejectedMetric = 'WebhookSignatureRejected';

export interface AlarmsProps {
  /** The ops topic (lib/notifications): it mails the alarm address. */
  topic: Topic;
  httpApi: HttpApi;
  /** Every route's function by route name, watched for throttles. */
  apiFunctions: Readonly<Record<string, IFunction>>;
  webhookFunction: ReelFiveFunction;
  stateMachine: StateMachine;
  renderFunction: IFunction;
  /** Execution-status events the failure-path function never received (lib/generation). */
  executionEndedDeadLetters: IQueue;
  reconciler: IFunction;
  /** How often the reconciler runs (lib/operations). */
  reconcilerEveryMinutes: number;
  /** Days the live-status API key has left, reported by its renewer (lib/realtime). */
  apiKeyDaysLeft: IMetric;
  /** The stage whose business metrics the alarms watch (their `stage` dimension). */
  stage: string;
  /** The stage's limit on the average cost of an ad over an hour, USD (footage + Stripe + AWS). */
  costAlarmUsdPerAd: number;
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
    for (const [route, fn] of Object.entries(props.apiFunctions)) {
      this.alarm(`ApiThrottles${route}`, {
        description: `Lambda throttled the ${route} API function (the account's concurrency is used up): buyers got 5xx or waited.`,
        metric: fn.metricThrottles({ period, statistic: 'Sum' }),
        threshold: 1,
        runbookEntry: 'ApiThrottles<Route>',
      });
    }
    this.alarm('WebhookErrors', {
      description: 'The Stripe webhook function failed: a payment may not be fulfilled until Stripe retries.',
      metric: props.webhookFunction.metricErrors({ period, statistic: 'Sum' }),
      threshold: 1,
    });
    this.alarm('WebhookSignatureRejected', {
      description:
        'The Stripe webhook refused a signature: the stored webhook secret may not match the endpoint, and no payment is fulfilled by webhook until it does.',
      metric: this.webhookSignatureRejected(props.webhookFunction),
      threshold: 1,
    });
    this.alarm('FreeAdRedemptions', {
      description: `${serviceLimits.freeAdRedemptionsAlarmPerHour} or more ads were made free by a 100 % coupon within an hour: a code may have leaked, and each free ad costs its render.`,
      // Orders made free by a 100 % code, as the order lifecycle counts them.
      metric: hourlyBusinessMetric(businessMetrics.freeAdRedemptions, 'Sum', props.stage),
      threshold: serviceLimits.freeAdRedemptionsAlarmPerHour,
    });
    this.alarm('AdCostPerHour', {
      description: `The ads delivered within an hour cost more than $${props.costAlarmUsdPerAd} each on average (footage, Stripe and AWS): a provider's price or the footage settings may have changed.`,
      // Deliver's AdCostUsd, one value per ad, averaged over the hour.
      metric: hourlyBusinessMetric(businessMetrics.adCostUsd, 'Average', props.stage),
      // Above the limit, not at it: the alarm's comparison is "at or above".
      threshold: props.costAlarmUsdPerAd + 0.0001,
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
    this.alarm('RenderErrors', {
      description:
        'A render failed (its ad refused by a gate, a crash, a timeout, out of memory): the order fails and is refunded, or a pack file is missing and the pack fails.',
      metric: props.renderFunction.metricErrors({ period, statistic: 'Sum' }),
      threshold: 1,
    });
    this.alarm('RenderThrottles', {
      description:
        'Renders were throttled: the render task retries for about 5 minutes, then the order (or its pack) fails. Renders are queuing behind the concurrency limit.',
      metric: props.renderFunction.metricThrottles({ period, statistic: 'Sum' }),
      threshold: 1,
    });
    this.alarm('ExecutionEndedDeadLetters', {
      description:
        'An execution that failed, timed out or was aborted never reached the failure path: its order may be unrefunded until the reconciler repairs it.',
      metric: props.executionEndedDeadLetters.metricApproximateNumberOfMessagesVisible({
        period,
        statistic: 'Maximum',
      }),
      threshold: 1,
    });
    this.alarm('ReconcilerNotRunning', {
      description:
        'The reconciler did not run for three of its periods: nothing repairs unstarted, stuck or unrefunded orders.',
      metric: props.reconciler.metricInvocations({
        period: Duration.minutes(3 * props.reconcilerEveryMinutes),
        statistic: 'Sum',
      }),
      threshold: 1,
      below: true,
      treatMissingData: TreatMissingData.BREACHING,
    });
    this.alarm('SesBounceRate', {
      description: `SES bounce rate reached ${sesReviewRates.bounce * 100} %: SES reviews the account and may stop all mail.`,
      metric: sesReputation('Reputation.BounceRate'),
      threshold: sesReviewRates.bounce,
    });
    this.alarm('SesComplaintRate', {
      description: `SES complaint rate reached ${sesReviewRates.complaint * 100} %: SES reviews the account and may stop all mail.`,
      metric: sesReputation('Reputation.ComplaintRate'),
      threshold: sesReviewRates.complaint,
    });
    this.alarm('ApiKeyExpiring', {
      description:
        'The live-status API key has under 30 days left, or its renewer reported nothing for a day: when the key lapses, order pages stop updating live.',
      metric: props.apiKeyDaysLeft,
      threshold: 30,
      below: true,
      treatMissingData: TreatMissingData.BREACHING,
    });
  }

  /** Counts the webhook's signature rejections from its log (the message is shared with the handler). */
  private webhookSignatureRejected(webhookFunction: ReelFiveFunction): IMetric {
    const filter = new MetricFilter(this, 'WebhookSignatureRejectedFilter', {
      logGroup: webhookFunction.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', signatureRejectedMessage),
      metricNamespace: config.brand.name,
      metricName: webhookSignatureRejectedMetric,
      metricValue: '1',
      // Powertools writes the function name into every line; it keeps each stage's count apart.
      dimensions: { FunctionName: '$.function_name' },
    });
    return filter.metric({
      period,
      statistic: 'Sum',
      dimensionsMap: { FunctionName: webhookFunction.functionName },
    });
  }

  private alarm(id: string, spec: Omit<OpsAlarmSpec, 'topic'>): void {
    opsAlarm(this, id, { ...spec, topic: this.topic });
  }
}

/**
 * One business metric of this stage over the hour, as the handlers count it with Powertools Metrics
 * (lambdas/common/powertools/metrics.ts): the brand's namespace and the default dimensions every
 * function of the stage shares, `service` and `stage`.
 */
function hourlyBusinessMetric(
  metricName: (typeof businessMetrics)[keyof typeof businessMetrics],
  statistic: 'Sum' | 'Average',
  stage: string,
): Metric {
  return new Metric({
    namespace: config.brand.name,
    metricName,
    dimensionsMap: businessMetricDimensions(stage),
    statistic,
    period: Duration.hours(1),
  });
}

/** SES's account-level reputation rates (0–1), published only while the account sends. */
function sesReputation(metricName: 'Reputation.BounceRate' | 'Reputation.ComplaintRate'): Metric {
  return new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
}
