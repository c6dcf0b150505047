// The stage's small us-east-1 stack: CloudFront accepts only a web ACL created in us-east-1,
// whatever region the site's stack lives in. It holds the web ACL, its blocked-requests log and
// the alarm on blocked-request spikes (an alarm watches metrics of its own region only, and
// publishes only to a topic there, hence a topic of its own for the alarm address).
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { opsAlarm } from '#lib/alarms/ops-alarm.ts';
import { WebAcl } from './web-acl.ts';

/** CloudFront reads web ACLs (and certificates) only from this region. */
export const edgeRegion = 'us-east-1';

/** The output the site's stack reads the web ACL's ARN from (Fn::GetStackOutput). */
export const webAclArnOutput = 'WebAclArn';

/** Blocked requests in 5 minutes that mail ops: far above what honest traffic ever trips. */
export const blockedRequestsAlarmThreshold = 500;

export interface EdgeStackProps extends StackProps {
  /** The web ACL's name, also its metric name: one per stage in the account. */
  webAclName: string;
  alarmEmail: string;
}

export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (this.region !== edgeRegion) throw new Error(`${id} must be deployed to ${edgeRegion}, not ${this.region}`);
    this.webAcl = new WebAcl(this, 'WebAcl', { name: props.webAclName });
    new CfnOutput(this, webAclArnOutput, {
      value: this.webAcl.webAcl.attrArn,
      description: "The web ACL the site's CloudFront distribution uses (read by the site's stack)",
    });

    const alarmTopic = new Topic(this, 'AlarmTopic', { displayName: 'ReelFive edge alarms', enforceSSL: true });
    alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    Validations.of(alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm messages carry the web ACL name and counts, no personal or secret data, and CloudWatch alarms cannot ' +
        'publish to a topic encrypted with the AWS-managed SNS key; a customer key would add cost and a key policy for nothing.',
    });

    opsAlarm(this, 'EdgeBlockedRequests', {
      description: `AWS WAF blocked ${blockedRequestsAlarmThreshold} or more requests to the site in 5 minutes: someone is flooding the API, or a rule blocks real buyers.`,
      // CloudFront web ACLs report without a Region dimension; Rule ALL sums every rule.
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.webAclName, Rule: 'ALL' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: blockedRequestsAlarmThreshold,
      topic: alarmTopic,
    });
  }
}
