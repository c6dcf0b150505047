// The AWS WAF web ACL in front of the site's CloudFront distribution: per-IP rate limits on the API
// (tighter on the routes that cost money or mail: orders and coupon look-ups, uploads, previews,
// newsletter sign-ups), a rate limit of its own for the Stripe webhook, and AWS's managed rule groups, with
// the webhook exempt from the ones that inspect bodies (a false positive there would stop paid
// orders from being fulfilled; the webhook checks Stripe's signature itself).
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routePath } from '#shared/api-paths.ts';
import { serviceLimits } from '#shared/config.ts';
import { apiMessages, type ErrorCode } from '#shared/contract.ts';
import { apiRoutes } from '#shared/routes.ts';

/** Every rate-based rule counts over WAF's default window; the limits in config are per this window. */
const rateWindow = Duration.minutes(5);

const limits = serviceLimits.perIpRequestsPer5Minutes;
const tooManyRequestsBody = 'TooManyRequests';

/** A rule that counts each IP's requests to one route (or all of /api/*) and answers 429 past its limit. */
interface RateRule {
  name: string;
  limit: number;
  scope: CfnWebACL.StatementProperty;
}

/** An AWS managed rule group, and whether the Stripe webhook must be kept out of it. */
interface ManagedGroup {
  name:
    | 'AWSManagedRulesAmazonIpReputationList'
    | 'AWSManagedRulesKnownBadInputsRuleSet'
    | 'AWSManagedRulesCommonRuleSet';
  /** Groups that inspect request bodies could refuse one of Stripe's (large, unusual) event payloads. */
  inspectsBodies: boolean;
}

export interface WebAclProps {
  /** The web ACL's name and metric name (the `WebACL` dimension of its CloudWatch metrics). */
  name: string;
}

export class WebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    const rules = [
      managedGroupRule({ name: 'AWSManagedRulesAmazonIpReputationList', inspectsBodies: false }),
      ...rateRules().map(rateRule),
      managedGroupRule({ name: 'AWSManagedRulesKnownBadInputsRuleSet', inspectsBodies: true }),
      managedGroupRule({ name: 'AWSManagedRulesCommonRuleSet', inspectsBodies: true }),
    ].map((rule, priority) => ({ ...rule, priority }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.name,
      description: 'ReelFive per-IP rate limits on the API and AWS managed rule groups, see lib/edge',
      // A CloudFront web ACL; CloudFormation creates it only in us-east-1 (EdgeStack's region).
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules,
      customResponseBodies: {
        [tooManyRequestsBody]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: apiMessages.tooManyRequests,
            errorCode: 'TOO_MANY_REQUESTS' satisfies ErrorCode,
          }),
        },
      },
      visibilityConfig: visibility(props.name),
    });

    // Only what WAF blocked is logged (the metrics count everything); query strings are left out,
    // since they carry order ids and newsletter tokens. WAF requires the `aws-waf-logs-` prefix.
    const logGroupName = `aws-waf-logs-${props.name}`;
    const logGroup = new LogGroup(this, 'BlockedRequestsLogs', {
      logGroupName,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logging = new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // The log group's ARN without the `:*` its Arn attribute ends with: WAF refuses that form.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ queryString: {} }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          { Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] },
        ],
      },
    });
    logging.node.addDependency(logGroup);
  }
}

/** The per-IP limits, most specific first; each is a rule of the web ACL, in this order. */
function rateRules(): RateRule[] {
  return [
    { name: 'StripeWebhookPerIp', limit: limits.stripeWebhook, scope: routeMatch('StripeWebhook') },
    { name: 'CreateOrderPerIp', limit: limits.createOrder, scope: routeMatch('CreateOrder') },
    { name: 'CreateUploadPerIp', limit: limits.createUpload, scope: routeMatch('CreateUpload') },
    { name: 'CreatePreviewPerIp', limit: limits.createPreview, scope: routeMatch('CreatePreview') },
    { name: 'NewsletterSubscribePerIp', limit: limits.newsletterSubscribe, scope: routeMatch('NewsletterSubscribe') },
    {
      name: 'ApiPerIp',
      limit: limits.api,
      scope: { andStatement: { statements: [pathStartsWith('/api/'), not(pathIs(routePath('StripeWebhook')))] } },
    },
  ];
}

function rateRule({ name, limit, scope }: RateRule): Omit<CfnWebACL.RuleProperty, 'priority'> {
  return {
    name,
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: rateWindow.toSeconds(),
        aggregateKeyType: 'IP',
        scopeDownStatement: scope,
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: tooManyRequestsBody,
          responseHeaders: [{ name: 'retry-after', value: String(rateWindow.toSeconds()) }],
        },
      },
    },
    visibilityConfig: visibility(name),
  };
}

function managedGroupRule({ name, inspectsBodies }: ManagedGroup): Omit<CfnWebACL.RuleProperty, 'priority'> {
  return {
    name,
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(inspectsBodies ? { scopeDownStatement: not(pathIs(routePath('StripeWebhook'))) } : {}),
      },
    },
    // The group's own actions (block) apply.
    overrideAction: { none: {} },
    visibilityConfig: visibility(name),
  };
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

/** The routes WAF limits on their own: POSTs to a fixed path. */
type LimitedRoute = 'StripeWebhook' | 'CreateOrder' | 'CreateUpload' | 'CreatePreview' | 'NewsletterSubscribe';

/** A route of shared/routes.ts: its method and exact path. */
function routeMatch(name: LimitedRoute): CfnWebACL.StatementProperty {
  const route = apiRoutes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route ${name}`);
  return { andStatement: { statements: [methodIs(route.method), pathIs(routePath(name))] } };
}

// Paths are compared URL-decoded, so `/api/%6Frders` counts as `/api/orders`.
const pathIs = (path: string) => byteMatch({ uriPath: {} }, 'EXACTLY', path, 'URL_DECODE');
const pathStartsWith = (prefix: string) => byteMatch({ uriPath: {} }, 'STARTS_WITH', prefix, 'URL_DECODE');
const methodIs = (method: string) => byteMatch({ method: {} }, 'EXACTLY', method, 'NONE');
const not = (statement: CfnWebACL.StatementProperty): CfnWebACL.StatementProperty => ({ notStatement: { statement } });

function byteMatch(
  fieldToMatch: CfnWebACL.FieldToMatchProperty,
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH',
  searchString: string,
  transformation: 'URL_DECODE' | 'NONE',
): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch,
      positionalConstraint,
      searchString,
      textTransformations: [{ priority: 0, type: transformation }],
    },
  };
}
