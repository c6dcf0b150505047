// The buyer-facing HTTP API: exactly the routes of the route table, one function each, plus a
// $default route that answers 404/405 as JSON. Only CloudFront may call it (origin secret).
import { Annotations, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type CfnStage, HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Generation } from '#lib/generation/generation.ts';
import { imageDecoding, interFontFiles, taskRoot } from '#lib/generation/render-function.ts';
import type { Newsletter } from '#lib/newsletter/newsletter.ts';
import type { Notifications } from '#lib/notifications/notifications.ts';
import type { Orders } from '#lib/orders/orders.ts';
import type { Payments } from '#lib/payments/payments.ts';
import { grantCapabilities } from '#lib/shared/grants.ts';
import { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import type { Uploads } from '#lib/uploads/uploads.ts';
import type { Capability } from '#shared/capabilities.ts';
import { serviceLimits } from '#shared/config.ts';
import {
  type ApiRoute,
  type ApiRouteName,
  apiRoutes,
  concurrencyQuotaNeeded,
  peakConcurrency,
  previewConcurrencyShare,
} from '#shared/routes.ts';
import { envNames } from '#shared/runtime-env.ts';

/** Stage-wide limit, i.e. for the $default route, which only ever answers 404/405. */
const defaultThrottle = { rateLimit: 10, burstLimit: 20 };
const notFoundEntry = 'common/not-found.handler.ts';
/** What every API function may do beside its route's `uses`: count per-IP attempts. */
const everyApiFunctionUses: readonly Capability[] = ['rateLimits'];

export interface ApiProps {
  orders: Orders;
  uploads: Uploads;
  generation: Generation;
  payments: Payments;
  newsletter: Newsletter;
  notifications: Notifications;
  siteUrl: string;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The value CloudFront sends in the origin-verify header; every handler compares it. */
  readonly originVerifySecret: Secret;
  private readonly routeFunctions = new Map<ApiRouteName, ReelFiveFunction>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const originVerifySecretName = `${Stack.of(this).stackName}/origin-verify`;
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      secretName: originVerifySecretName,
      description: 'Header value CloudFront adds to /api/* requests; handlers refuse requests without it.',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A shared header value between CloudFront and the handlers, not a credential of a service that rotates: ' +
        'rotation means replacing the secret and redeploying, which updates both sides at once.',
    });

    const apiFunction = (
      name: string,
      entry: string,
      timeoutSeconds: number,
      uses: readonly Capability[],
      decodesImages = false,
      readsWebsites = false,
    ) => {
      const fn = new ReelFiveFunction(this, name, {
        entry,
        timeoutSeconds,
        description: `API ${name}`,
        // sharp's linux-x64 build, the one the render function and the tests decode with, and the
        // fonts the renderer's layers are drawn in.
        ...(decodesImages ? { ...imageDecoding, bundledFiles: interFontFiles } : {}),
        readsWebsites,
      });
      if (decodesImages) fn.addEnvironment('RENDER_FONTS_DIR', taskRoot);
      this.originVerifySecret.grantRead(fn);
      fn.addEnvironment(envNames.originVerifySecretName, originVerifySecretName);
      fn.addEnvironment(envNames.siteUrl, props.siteUrl);
      fn.addEnvironment(envNames.ipAttemptsPerHour, String(serviceLimits.ipAttemptsPerHour));
      grantCapabilities(fn, [...uses, ...everyApiFunctionUses], props);
      return fn;
    };

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'ReelFive buyer API, reached through CloudFront /api/*',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration(
        'NotFoundIntegration',
        apiFunction('NotFound', notFoundEntry, 5, []),
      ),
    });
    const routes = (apiRoutes as readonly ApiRoute[]).flatMap((route) => {
      const fn = apiFunction(
        route.name,
        route.entry,
        route.timeoutSeconds,
        route.uses,
        route.decodesImages,
        route.readsWebsites,
      );
      this.routeFunctions.set(route.name as ApiRouteName, fn);
      return this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.name}Integration`, fn),
      });
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: defaultThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // routeKey, not path: a path carries the order id, which is the buyer's capability.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTimeEpoch',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
            responseLength: '$context.responseLength',
          }),
        ),
      },
    });
    // Per-route limits live in the stage's RouteSettings, keyed by route key; the routes must
    // exist before the stage refers to them.
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      apiRoutes.map((route) => [
        `${route.method} ${route.path}`,
        { ThrottlingRateLimit: route.throttle.rate, ThrottlingBurstLimit: route.throttle.burst },
      ]),
    );
    for (const route of routes) cfnStage.node.addDependency(route);

    // Printed by `cdk synth`: the account quota this stage's preview throttle is sized for.
    Annotations.of(this).addInfo(concurrencyQuotaMessage(Stack.of(this).stackName));

    Validations.of(this.httpApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Buyers are anonymous: the order id (UUID v4) is the capability, the webhook verifies Stripe signatures, ' +
        'and every handler refuses requests without the CloudFront origin secret.',
    });
  }

  functionFor(route: ApiRouteName): ReelFiveFunction {
    const fn = this.routeFunctions.get(route);
    if (!fn) throw new Error(`No function for route ${route}`);
    return fn;
  }
}

/** What a stage needs of its account's Lambda concurrency, and why (shared/routes.ts previewConcurrencyShare). */
export function concurrencyQuotaMessage(stackName: string): string {
  const preview = apiRoutes.find((route) => route.name === 'CreatePreview');
  if (!preview) throw new Error('No CreatePreview route');
  const { rate, burst } = preview.throttle;
  return (
    `${stackName} needs a Lambda concurrent-executions quota of at least ${concurrencyQuotaNeeded()} in its account ` +
    `and region: previews can hold ${peakConcurrency(preview)} executions (burst ${burst} + ${rate}/s × ` +
    `${preview.timeoutSeconds} s), ${previewConcurrencyShare * 100} % of it, and the rest stays for orders, the Stripe ` +
    'webhook and the ads. A new account has 10: raise it before launch (docs/deploy.md, "Quotas a new account hits"); ' +
    'renderReservedConcurrency can be set only above 100.'
  );
}
