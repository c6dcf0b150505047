// Keeps the browser's live-status API key alive: a function on a schedule extends the key a
// year ahead (lambdas/realtime/api-key-renewal.ts) and reports the days it has left, the metric
// the ApiKeyExpiring alarm watches. Why not an expiry in the template: lib/realtime/README.md.
import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { grantCapabilities, type RealtimeGrants } from '#lib/shared/grants.ts';
import { opsFunctions } from '#lib/shared/ops-functions.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { config } from '#shared/config.ts';
import { apiKeyDaysLeftMetric } from '#shared/observability.ts';

const renewer = opsFunctions.apiKeyRenewer;

export interface ApiKeyRenewerProps {
  /** Owns the Events API and the key (its grantKeyRenewal). */
  realtime: RealtimeGrants;
  /** The Events API whose key is renewed. */
  apiId: string;
}

export class ApiKeyRenewer extends Construct {
  readonly function: ReelFiveFunction;
  private readonly apiId: string;

  constructor(scope: Construct, id: string, props: ApiKeyRenewerProps) {
    super(scope, id);
    this.apiId = props.apiId;

    this.function = new ReelFiveFunction(this, 'Function', {
      entry: renewer.entry,
      timeoutSeconds: renewer.timeoutSeconds,
      description: renewer.description,
    });
    grantCapabilities(this.function, renewer.uses, { realtime: props.realtime });

    new Rule(this, 'Schedule', {
      description: 'Extends the live-status API key',
      schedule: Schedule.rate(Duration.hours(renewer.everyHours)),
      targets: [new LambdaFunction(this.function)],
    });
  }

  /** The days the key has left after each run, lowest of the day; no data: nothing extended it. */
  metricDaysLeft(): Metric {
    return new Metric({
      namespace: config.brand.name,
      metricName: apiKeyDaysLeftMetric,
      dimensionsMap: { service: config.brand.slug, ApiId: this.apiId },
      statistic: 'Minimum',
      period: Duration.days(1),
    });
  }
}
