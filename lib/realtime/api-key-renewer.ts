// Keeps the browser's live-status API key alive: a function on a schedule extends the key a
// year ahead (lambdas/realtime/api-key-renewal.ts) and reports the days it has left, the metric
// the ApiKeyExpiring alarm watches. Why not an expiry in the template: lib/realtime/README.md.
import { Duration, Validations } from 'aws-cdk-lib';
import type { CfnApiKey, EventApi } from 'aws-cdk-lib/aws-appsync';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { config } from '#shared/config.ts';
import { apiKeyDaysLeftMetric } from '#shared/observability.ts';
import { envNames } from '#shared/runtime-env.ts';

/** The handler module, relative to lambdas/. */
export const apiKeyRenewerEntry = 'realtime/renew-api-key.handler.ts';

/**
 * A new key gets AppSync's default 7 days, so the first run must come well within them; four runs
 * a day also make a day without a report news (the alarm's period).
 */
export const apiKeyRenewalEveryHours = 6;

export interface ApiKeyRenewerProps {
  api: EventApi;
  apiKey: CfnApiKey;
}

export class ApiKeyRenewer extends Construct {
  readonly function: ReelFiveFunction;
  private readonly apiId: string;

  constructor(scope: Construct, id: string, props: ApiKeyRenewerProps) {
    super(scope, id);
    this.apiId = props.api.apiId;

    this.function = new ReelFiveFunction(this, 'Function', {
      entry: apiKeyRenewerEntry,
      timeoutSeconds: 30,
      description: 'Extends the live-status API key a year ahead and reports the days it has left',
    });
    // The key's Ref is its ARN, which names both the API and the key.
    this.function.addEnvironment(envNames.eventsApiKeyArn, props.apiKey.ref);
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['appsync:UpdateApiKey'], resources: ['*'] }));
    Validations.of(this.function.executionRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray accepts no resource, and appsync:UpdateApiKey is granted on *: no resource scope for API-key actions could ' +
        'be confirmed, and a wrong one would let the key lapse. The function can only move an expiry, not list, create or delete keys.',
    });

    new Rule(this, 'Schedule', {
      description: 'Extends the live-status API key',
      schedule: Schedule.rate(Duration.hours(apiKeyRenewalEveryHours)),
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
