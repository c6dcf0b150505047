// Live order status: an AppSync Events API whose `orders` namespace the buyer's page subscribes to
// with the public API key, and that only IAM principals (the stream publisher) may publish to.
import { CfnOutput, Duration, Expiration, Stack } from 'aws-cdk-lib';
import { AppSyncAuthorizationType, type CfnApiKey, ChannelNamespace, Code, EventApi } from 'aws-cdk-lib/aws-appsync';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { SnsPublish } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../web/src/runtime-config.ts';
import { OrderChangesPublisher } from './order-changes-publisher.ts';
import { type EventsAuthMode, orderChannelHandlerCode, ordersNamespace } from './order-channel.ts';

/** AppSync's maximum; the key is renewed by every deploy (DESIGN §11). */
const apiKeyLifetime = Duration.days(365);
/** How long before the key lapses ops are told to deploy (DESIGN §11). */
const apiKeyWarning = Duration.days(30);

export class Realtime extends Construct {
  readonly api: EventApi;
  readonly ordersNamespace: ChannelNamespace;
  readonly apiKey: CfnApiKey;
  /** When the browser's key lapses unless the stage is deployed again before. */
  readonly apiKeyExpires: Date;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Whole seconds: the expiry and the warning schedule below are written from the same instant.
    this.apiKeyExpires = new Date(Math.floor((Date.now() + apiKeyLifetime.toMilliseconds()) / 1000) * 1000);
    this.api = new EventApi(this, 'EventApi', {
      apiName: `${Stack.of(this).stackName}-realtime`,
      authorizationConfig: {
        authProviders: [
          {
            authorizationType: AppSyncAuthorizationType.API_KEY,
            apiKeyConfig: { name: 'Browser', expires: Expiration.atDate(this.apiKeyExpires) },
          },
          { authorizationType: AppSyncAuthorizationType.IAM },
        ],
        // The WebSocket is for browsers only; the publisher posts over HTTP with IAM.
        connectionAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        defaultSubscribeAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        defaultPublishAuthModeTypes: [AppSyncAuthorizationType.IAM],
      },
    });
    const apiKey = this.api.apiKeys.Browser;
    if (!apiKey) throw new Error('The Browser API key was not created');
    this.apiKey = apiKey;

    this.ordersNamespace = new ChannelNamespace(this, 'OrdersNamespace', {
      api: this.api,
      channelNamespaceName: ordersNamespace.name,
      code: Code.fromInline(orderChannelHandlerCode),
      // From order-channel.ts, which the twin's emulator enforces too.
      authorizationConfig: {
        subscribeAuthModeTypes: ordersNamespace.subscribeAuthModes.map(authorizationType),
        publishAuthModeTypes: ordersNamespace.publishAuthModes.map(authorizationType),
      },
    });

    // The site's runtime config (/config.json) and the ops runbook read these.
    new CfnOutput(this, 'HttpDns', { value: this.api.httpDns });
    new CfnOutput(this, 'RealtimeDns', { value: this.api.realtimeDns });
    new CfnOutput(this, 'ApiKeyId', { value: this.apiKey.attrApiKeyId });
  }

  /** What the browser needs to subscribe (served as the site's /config.json by the edge function). */
  runtimeConfig(): RuntimeConfig {
    return {
      realtime: {
        endpoint: `https://${this.api.httpDns}/event`,
        region: Stack.of(this).region,
        apiKey: this.apiKey.attrApiKey,
      },
    };
  }

  /** Ops hear 30 days before the browser's API key lapses; each deploy moves both dates on. */
  warnBeforeApiKeyExpires(topic: ITopic): Schedule {
    const warnAt = new Date(this.apiKeyExpires.getTime() - apiKeyWarning.toMilliseconds());
    const stackName = Stack.of(this).stackName;
    return new Schedule(this, 'ApiKeyExpiryWarning', {
      description: 'Tells ops 30 days before the live-status API key expires',
      schedule: ScheduleExpression.at(warnAt),
      target: new SnsPublish(topic, {
        input: ScheduleTargetInput.fromText(
          `The live-status API key of ${stackName} expires on ${this.apiKeyExpires.toISOString()}. ` +
            'Deploy the stage (npx cdk deploy -c stage=...) to renew it; README, Ops runbook, "AppSync API key".',
        ),
      }),
    });
  }

  /** The stream publisher: every status change of an order row reaches `/orders/<id>` (DESIGN §3). */
  publishOrderChanges(props: { ordersTable: ITableV2; alarmTopic: ITopic }): OrderChangesPublisher {
    return new OrderChangesPublisher(this, 'OrderChangesPublisher', {
      ...props,
      api: this.api,
      ordersNamespace: this.ordersNamespace,
    });
  }
}

function authorizationType(mode: EventsAuthMode): AppSyncAuthorizationType {
  return mode === 'API_KEY' ? AppSyncAuthorizationType.API_KEY : AppSyncAuthorizationType.IAM;
}
