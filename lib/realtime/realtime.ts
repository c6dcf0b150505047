// Live order status: an AppSync Events API whose `orders` namespace the buyer's page subscribes to
// with the public API key, and that only IAM principals (the stream publisher) may publish to.
import { CfnOutput, Stack, Validations } from 'aws-cdk-lib';
import { AppSyncAuthorizationType, type CfnApiKey, ChannelNamespace, Code, EventApi } from 'aws-cdk-lib/aws-appsync';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { RealtimeGrants } from '#lib/shared/grants.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { type EventsAuthMode, orderChannelHandlerCode, ordersNamespace } from '#shared/order-channel.ts';
import type { RuntimeConfig } from '#shared/runtime-config.ts';
import { envNames } from '#shared/runtime-env.ts';
import { ApiKeyRenewer } from './api-key-renewer.ts';
import { OrderChangesPublisher } from './order-changes-publisher.ts';

/** The browser key's name; renaming it rotates the key on the next deploy (docs/runbook.md). */
const browserApiKeyName = 'Browser';

export class Realtime extends Construct implements RealtimeGrants {
  readonly api: EventApi;
  readonly ordersNamespace: ChannelNamespace;
  readonly apiKey: CfnApiKey;
  /** Extends the browser's key on a schedule; its days-left metric is alarmed in lib/alarms. */
  readonly apiKeyRenewer: ApiKeyRenewer;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.api = new EventApi(this, 'EventApi', {
      apiName: `${Stack.of(this).stackName}-realtime`,
      authorizationConfig: {
        authProviders: [
          {
            authorizationType: AppSyncAuthorizationType.API_KEY,
            // No expiry in the template, so every synth of a commit writes the same one: AppSync
            // gives a new key 7 days and the renewer below keeps moving it a year ahead.
            apiKeyConfig: { name: browserApiKeyName },
          },
          { authorizationType: AppSyncAuthorizationType.IAM },
        ],
        // The WebSocket is for browsers only; the publisher posts over HTTP with IAM.
        connectionAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        defaultSubscribeAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        defaultPublishAuthModeTypes: [AppSyncAuthorizationType.IAM],
      },
    });
    const apiKey = this.api.apiKeys[browserApiKeyName];
    if (!apiKey) throw new Error(`The ${browserApiKeyName} API key was not created`);
    this.apiKey = apiKey;
    this.apiKeyRenewer = new ApiKeyRenewer(this, 'ApiKeyRenewer', { realtime: this, apiId: this.api.apiId });

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

  /** The stream publisher: every status change of an order row reaches `/orders/<id>` (docs/design.md "Architecture"). */
  publishOrderChanges(props: { ordersTable: ITableV2; alarmTopic: ITopic }): OrderChangesPublisher {
    return new OrderChangesPublisher(this, 'OrderChangesPublisher', { ...props, realtime: this });
  }

  /** Publish to the orders namespace over HTTP with IAM; sets EVENTS_HTTP_ENDPOINT. */
  grantPublish(fn: ReelFiveFunction): void {
    this.ordersNamespace.grantPublish(fn);
    fn.addEnvironment(envNames.eventsHttpEndpoint, `https://${this.api.httpDns}/event`);
  }

  /** Move the browser key's expiry (appsync:UpdateApiKey only); sets EVENTS_API_KEY_ARN. */
  grantKeyRenewal(fn: ReelFiveFunction): void {
    // The key's Ref is its ARN, which names both the API and the key.
    fn.addEnvironment(envNames.eventsApiKeyArn, this.apiKey.ref);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['appsync:UpdateApiKey'], resources: ['*'] }));
    Validations.of(fn.executionRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray accepts no resource, and appsync:UpdateApiKey is granted on *: no resource scope for API-key actions could ' +
        'be confirmed, and a wrong one would let the key lapse. The function can only move an expiry, not list, create or delete keys.',
    });
  }
}

function authorizationType(mode: EventsAuthMode): AppSyncAuthorizationType {
  return mode === 'API_KEY' ? AppSyncAuthorizationType.API_KEY : AppSyncAuthorizationType.IAM;
}
