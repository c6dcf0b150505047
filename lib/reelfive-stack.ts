// The whole product in one stack: data, files, payments, generation, realtime, API, site, alarms.
// Wiring only; each domain construct owns its resources and grants.
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { generationConfig } from '#shared/config.ts';
import { deliverySeconds } from '#shared/delivery-time.ts';
import { pagePaths } from '#shared/paths.ts';
import { apiRoutes } from '#shared/routes.ts';
import { Alarms } from './alarms/alarms.ts';
import { Api } from './api/api.ts';
import { Generation } from './generation/generation.ts';
import type { ConfirmationSender } from './newsletter/confirmation-sender.ts';
import { Newsletter } from './newsletter/newsletter.ts';
import { Notifications } from './notifications/notifications.ts';
import { Operations, reconcilerFunction } from './operations/operations.ts';
import { Orders } from './orders/orders.ts';
import { Payments } from './payments/payments.ts';
import type { OrderChangesPublisher } from './realtime/order-changes-publisher.ts';
import { Realtime } from './realtime/realtime.ts';
import { AccessLogsBucket } from './shared/buckets.ts';
import { stageContextKey } from './shared/reelfive-function.ts';
import { Site } from './site/site.ts';
import { footageChoice, generationChoices, type StackParameters } from './stack-parameters.ts';
import { Uploads } from './uploads/uploads.ts';

export interface ReelFiveStackProps extends StackProps {
  parameters: StackParameters;
  /** The built site `cdk deploy` uploads; `null` only for the twin's template (see createStacks). */
  siteDir: string | null;
  /** The WAF web ACL (us-east-1, lib/edge) of the CloudFront distribution; none only on the twin. */
  webAclArn: string | undefined;
}

export class ReelFiveStack extends Stack {
  readonly orders: Orders;
  readonly uploads: Uploads;
  readonly generation: Generation;
  readonly newsletter: Newsletter;
  readonly payments: Payments;
  readonly notifications: Notifications;
  readonly realtime: Realtime;
  readonly orderChangesPublisher: OrderChangesPublisher;
  readonly newsletterConfirmationSender: ConfirmationSender;
  readonly operations: Operations;
  readonly api: Api;
  readonly site: Site;
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: ReelFiveStackProps) {
    super(scope, id, props);
    const { parameters } = props;
    // Before any child exists: every function reads it (ReelFiveFunction's stage dimension).
    this.node.setContext(stageContextKey, parameters.stage);
    const retainData = parameters.stage === 'prod';
    // From the parameters, not the distribution: Lambda → Distribution → API → Lambda is a cycle.
    const siteUrl = `https://${parameters.domainName}`;
    const footage = footageChoice(parameters);

    const accessLogs = new AccessLogsBucket(this, 'AccessLogs', { retain: retainData });
    this.orders = new Orders(this, 'Orders', { retainData });
    this.uploads = new Uploads(this, 'Uploads', { siteUrl, accessLogs, retainData });
    this.newsletter = new Newsletter(this, 'Newsletter', { retainData });
    this.payments = new Payments(this, 'Payments', {
      stripeSecretName: parameters.stripeSecretName,
      stripeWebhookSecretName: parameters.stripeWebhookSecretName,
      stripeKeySecretNames: {
        'stripe:checkout': parameters.stripeCheckoutKeySecretName,
        'stripe:read': parameters.stripeReadKeySecretName,
        'stripe:refund': parameters.stripeRefundKeySecretName,
      },
      warnOfUnrestrictedKeys: parameters.stage === 'prod',
    });
    this.notifications = new Notifications(this, 'Notifications', {
      mailFrom: parameters.mailFrom,
      alarmEmail: parameters.alarmEmail,
      siteUrl,
      deliverySeconds: deliverySeconds(footage?.model),
    });
    this.generation = new Generation(this, 'Generation', {
      orders: this.orders,
      uploads: this.uploads,
      payments: this.payments,
      notifications: this.notifications,
      ...generationChoices(parameters),
      renderReservedConcurrency: parameters.renderReservedConcurrency,
      c2paSignerSecretName: parameters.c2paSignerSecretName,
      footage,
    });
    this.newsletterConfirmationSender = this.newsletter.sendConfirmations({
      notifications: this.notifications,
      alarmTopic: this.notifications.opsTopic,
    });
    this.realtime = new Realtime(this, 'Realtime');
    this.orderChangesPublisher = this.realtime.publishOrderChanges({
      ordersTable: this.orders.ordersTable,
      alarmTopic: this.notifications.opsTopic,
    });
    this.operations = new Operations(this, 'Operations', {
      orders: this.orders,
      payments: this.payments,
      generation: this.generation,
      notifications: this.notifications,
      uploads: this.uploads,
    });
    this.api = new Api(this, 'Api', {
      orders: this.orders,
      uploads: this.uploads,
      generation: this.generation,
      payments: this.payments,
      newsletter: this.newsletter,
      notifications: this.notifications,
      siteUrl,
    });
    this.site = new Site(this, 'Site', {
      domainName: parameters.domainName,
      certificateArn: parameters.certificateArn,
      webAclArn: props.webAclArn,
      pagePaths,
      siteDir: props.siteDir,
      footageModel: footage?.model ?? null,
      api: this.api,
      realtime: this.realtime,
      uploads: this.uploads,
      accessLogs,
      retainData,
    });
    this.alarms = new Alarms(this, 'Alarms', {
      topic: this.notifications.opsTopic,
      httpApi: this.api.httpApi,
      apiFunctions: Object.fromEntries(apiRoutes.map((route) => [route.name, this.api.functionFor(route.name)])),
      webhookFunction: this.api.functionFor('StripeWebhook'),
      stateMachine: this.generation.stateMachine,
      renderFunction: this.generation.renderFunction,
      executionEndedDeadLetters: this.generation.executionEndedDeadLetters,
      reconciler: this.operations.reconciler,
      reconcilerEveryMinutes: reconcilerFunction.everyMinutes,
      apiKeyDaysLeft: this.realtime.apiKeyRenewer.metricDaysLeft(),
      stage: parameters.stage,
      costAlarmUsdPerAd: parameters.costAlarmUsdPerAd ?? generationConfig.costPerAd.alarmUsdPerAd,
    });
  }
}
