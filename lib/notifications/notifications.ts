// Who hears from ReelFive: buyers by email through SES (order received, ad ready, failed and
// refunded), ops through one SNS topic (alarms and failed orders) that mails the alarm address.
import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { NotificationsGrants } from '#lib/shared/grants.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { envNames } from '#shared/runtime-env.ts';

export interface NotificationsProps {
  /** The verified SES identity mail is sent from. */
  mailFrom: string;
  alarmEmail: string;
  /** Mail links to the order page on this site. */
  siteUrl: string;
  /** The stage's typical seconds from payment to the ad (shared/delivery-time.ts), which the received email says. */
  deliverySeconds: number;
}

export class Notifications extends Construct implements NotificationsGrants {
  readonly opsTopic: Topic;
  private readonly mailFrom: string;
  private readonly siteUrl: string;
  private readonly deliverySeconds: number;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    this.mailFrom = props.mailFrom;
    this.siteUrl = props.siteUrl;
    this.deliverySeconds = props.deliverySeconds;
    this.opsTopic = new Topic(this, 'OpsTopic', { displayName: 'ReelFive ops', enforceSSL: true });
    this.opsTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    Validations.of(this.opsTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Ops messages carry order ids and failure reasons, no personal or secret data, and CloudWatch alarms cannot ' +
        'publish to a topic encrypted with the AWS-managed SNS key; a customer key would add cost and a key policy for nothing.',
    });
  }

  /** Send mail as MAIL_FROM, and only as that address or its domain; links go to SITE_URL; the stage's delivery time. */
  grantMail(fn: ReelFiveFunction): void {
    const stack = Stack.of(this);
    const domain = this.mailFrom.split('@')[1] ?? this.mailFrom;
    const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [identity(this.mailFrom), identity(domain)],
      }),
    );
    fn.addEnvironment(envNames.mailFrom, this.mailFrom);
    fn.addEnvironment(envNames.siteUrl, this.siteUrl);
    fn.addEnvironment(envNames.deliverySeconds, String(this.deliverySeconds));
  }

  /** Publish to the ops topic. */
  grantOpsNotify(fn: ReelFiveFunction): void {
    this.opsTopic.grantPublish(fn);
    fn.addEnvironment(envNames.opsTopicArn, this.opsTopic.topicArn);
  }
}
