// AWS WAF in front of CloudFront: the web ACL lives in the stage's us-east-1 stack, the site's
// distribution reads its ARN from that stack's output, each API rate limit counts one route per IP,
// and the Stripe webhook stays out of the managed groups that inspect bodies.
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { createStacks } from '#lib/app.ts';
import { blockedRequestsAlarmThreshold, webAclArnOutput } from '#lib/edge/edge-stack.ts';
import { serviceLimits } from '#shared/config.ts';
import { apiMessages } from '#shared/contract.ts';
import { buildStack, type CfnResource, testParameters, testSiteDir } from './stack.ts';

const { stack, template, edge, edgeTemplate } = buildStack();
if (!edge || !edgeTemplate) throw new Error('prod has an edge stack');
const [webAclId, webAcl] =
  Object.entries(edgeTemplate.findResources('AWS::WAFv2::WebACL') as Record<string, CfnResource>)[0] ?? [];
// biome-ignore lint/suspicious/noExplicitAny: WAF rules are free-form JSON
const rules: Record<string, any>[] = webAcl?.Properties.Rules ?? [];
const ruleNamed = (name: string) => {
  const rule = rules.find((candidate) => candidate.Name === name);
  if (!rule) throw new Error(`No rule ${name}`);
  return rule;
};
const distributionConfig = () =>
  Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties.DistributionConfig;

const pathIs = (path: string) => ({
  ByteMatchStatement: {
    FieldToMatch: { UriPath: {} },
    PositionalConstraint: 'EXACTLY',
    SearchString: path,
    TextTransformations: [{ Priority: 0, Type: 'URL_DECODE' }],
  },
});
const post = {
  ByteMatchStatement: {
    FieldToMatch: { Method: {} },
    PositionalConstraint: 'EXACTLY',
    SearchString: 'POST',
    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
  },
};
const notWebhook = { NotStatement: { Statement: pathIs('/api/stripe/webhook') } };
const limits = serviceLimits.perIpRequestsPer5Minutes;

describe('the edge stack', () => {
  it('is ReelFive-<stage>-edge in us-east-1, deployed before the site stack', () => {
    expect(edge.stackName).toBe('ReelFive-prod-edge');
    expect(edge.region).toBe('us-east-1');
    expect(edge.account).toBe(stack.account);
    expect(stack.dependencies).toEqual([edge]);
  });

  it('holds one CloudFront-scope web ACL that allows what no rule blocks', () => {
    expect(webAcl?.Properties).toMatchObject({
      Name: 'ReelFive-prod',
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      VisibilityConfig: { CloudWatchMetricsEnabled: true, MetricName: 'ReelFive-prod', SampledRequestsEnabled: true },
    });
  });

  it('publishes the web ACL ARN as the output the site stack reads', () => {
    expect(edgeTemplate.toJSON().Outputs[webAclArnOutput].Value).toEqual({ 'Fn::GetAtt': [webAclId, 'Arn'] });
  });
});

describe('the distribution', () => {
  it('uses the web ACL, read from the edge stack in us-east-1 when the site stack deploys', () => {
    expect(distributionConfig().WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'ReelFive-prod-edge', OutputName: webAclArnOutput, Region: 'us-east-1' },
    });
  });

  it('gets the web ACL in an environment-agnostic stage too', () => {
    // Prepare: no account or region, as `cdk synth` without them (docs/deploy.md, Stage parameters).
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });

    // Act
    const parameters = testParameters({ account: undefined, region: undefined });
    const built = createStacks(app, parameters, { siteDir: testSiteDir(parameters) });
    const template = app.synth().getStackArtifact(built.stack.artifactId).template;

    // Assess
    expect(built.edge?.region).toBe('us-east-1');
    const distribution = Object.values(template.Resources as Record<string, CfnResource>).find(
      (resource) => resource.Type === 'AWS::CloudFront::Distribution',
    );
    expect(distribution?.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput']).toMatchObject({
      StackName: 'ReelFive-prod-edge',
      Region: 'us-east-1',
    });
  });

  it('is reached over IPv4 only, so every per-IP rule counts one client, and each rule keys on the address', () => {
    // WAF's rate rules key on an address (IP, FORWARDED_IP) or custom keys such as ASN, never an
    // IPv6 prefix: over IPv6 one client would get a fresh budget from each address of its /64.
    expect(distributionConfig().IPV6Enabled).toBe(false);
    const rateRules = rules.filter((rule) => rule.Statement.RateBasedStatement);
    expect(rateRules.length).toBeGreaterThan(0);
    for (const rule of rateRules) expect(rule.Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
  });

  it('has no web ACL and no edge stack on the twin’s local stage', () => {
    // Act
    const local = buildStack(testParameters({ stage: 'local', certificateArn: undefined }));
    const distribution = Object.values(local.template.findResources('AWS::CloudFront::Distribution'))[0];

    // Assess
    expect(local.edge).toBeUndefined();
    expect(distribution?.Properties.DistributionConfig.WebACLId).toBeUndefined();
  });
});

describe('rules', () => {
  it('runs IP reputation first, then the rate limits from the most specific, then the body-inspecting groups', () => {
    expect(rules.map((rule) => [rule.Priority, rule.Name])).toEqual([
      [0, 'AWSManagedRulesAmazonIpReputationList'],
      [1, 'StripeWebhookPerIp'],
      [2, 'CreateOrderPerIp'],
      [3, 'CreateUploadPerIp'],
      [4, 'CreatePreviewPerIp'],
      [5, 'NewsletterSubscribePerIp'],
      [6, 'ApiPerIp'],
      [7, 'AWSManagedRulesKnownBadInputsRuleSet'],
      [8, 'AWSManagedRulesCommonRuleSet'],
    ]);
    for (const rule of rules) {
      expect(rule.VisibilityConfig).toEqual({
        CloudWatchMetricsEnabled: true,
        MetricName: rule.Name,
        SampledRequestsEnabled: true,
      });
    }
  });

  it.each([
    [
      'StripeWebhookPerIp',
      limits.stripeWebhook,
      { AndStatement: { Statements: [post, pathIs('/api/stripe/webhook')] } },
    ],
    ['CreateOrderPerIp', limits.createOrder, { AndStatement: { Statements: [post, pathIs('/api/orders')] } }],
    ['CreateUploadPerIp', limits.createUpload, { AndStatement: { Statements: [post, pathIs('/api/uploads')] } }],
    ['CreatePreviewPerIp', limits.createPreview, { AndStatement: { Statements: [post, pathIs('/api/previews')] } }],
    [
      'NewsletterSubscribePerIp',
      limits.newsletterSubscribe,
      { AndStatement: { Statements: [post, pathIs('/api/newsletter')] } },
    ],
    [
      'ApiPerIp',
      limits.api,
      {
        AndStatement: {
          Statements: [
            {
              ByteMatchStatement: {
                FieldToMatch: { UriPath: {} },
                PositionalConstraint: 'STARTS_WITH',
                SearchString: '/api/',
                TextTransformations: [{ Priority: 0, Type: 'URL_DECODE' }],
              },
            },
            notWebhook,
          ],
        },
      },
    ],
  ])('%s lets one IP make %i requests in 5 minutes to its scope, then answers 429', (name, limit, scope) => {
    const rule = ruleNamed(name);

    expect(rule.Statement.RateBasedStatement).toEqual({
      AggregateKeyType: 'IP',
      Limit: limit,
      EvaluationWindowSec: 300,
      ScopeDownStatement: scope,
    });
    expect(rule.Action).toEqual({
      Block: {
        CustomResponse: {
          ResponseCode: 429,
          CustomResponseBodyKey: 'TooManyRequests',
          ResponseHeaders: [{ Name: 'retry-after', Value: '300' }],
        },
      },
    });
  });

  it('answers a rate-limited request with the API’s own TOO_MANY_REQUESTS error', () => {
    const body = webAcl?.Properties.CustomResponseBodies.TooManyRequests;

    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({ error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' });
  });

  it('keeps every limit within what WAF accepts', () => {
    for (const limit of Object.values(limits)) expect(limit).toBeGreaterThanOrEqual(10);
  });

  it.each(['AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet'])(
    'applies %s, whose rules inspect bodies, to everything but the Stripe webhook',
    (name) => {
      const rule = ruleNamed(name);

      expect(rule.Statement.ManagedRuleGroupStatement).toEqual({
        VendorName: 'AWS',
        Name: name,
        ScopeDownStatement: notWebhook,
      });
      expect(rule.OverrideAction).toEqual({ None: {} });
    },
  );

  it('applies the IP reputation list to every request, the webhook’s included', () => {
    const rule = ruleNamed('AWSManagedRulesAmazonIpReputationList');

    expect(rule.Statement.ManagedRuleGroupStatement).toEqual({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesAmazonIpReputationList',
    });
    expect(rule.OverrideAction).toEqual({ None: {} });
  });
});

describe('visibility', () => {
  it('logs only blocked requests, without their query strings, to an aws-waf-logs- group kept a month', () => {
    const [logGroupId, logGroup] =
      Object.entries(edgeTemplate.findResources('AWS::Logs::LogGroup') as Record<string, CfnResource>)[0] ?? [];
    const logging = Object.values(
      edgeTemplate.findResources('AWS::WAFv2::LoggingConfiguration') as Record<string, CfnResource>,
    )[0];

    expect(logGroup?.Properties).toEqual({ LogGroupName: 'aws-waf-logs-ReelFive-prod', RetentionInDays: 30 });
    expect(logGroup?.DeletionPolicy).toBe('Delete');
    expect(logging?.Properties).toMatchObject({
      ResourceArn: { 'Fn::GetAtt': [webAclId, 'Arn'] },
      RedactedFields: [{ QueryString: {} }],
      LoggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          { Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] },
        ],
      },
    });
    // WAF wants the log group's bare ARN, without the `:*` of its Arn attribute.
    const destination = JSON.stringify(logging?.Properties.LogDestinationConfigs);
    expect(destination).toContain(':log-group:aws-waf-logs-ReelFive-prod"');
    expect(destination).not.toContain(logGroupId);
  });

  it('mails the alarm address from us-east-1 when blocked requests spike', () => {
    const [topicId] = Object.keys(edgeTemplate.findResources('AWS::SNS::Topic'));
    const alarm = Object.values(edgeTemplate.findResources('AWS::CloudWatch::Alarm'))[0]?.Properties;

    expect(alarm).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'ReelFive-prod' },
      ],
      Statistic: 'Sum',
      Period: 300,
      Threshold: blockedRequestsAlarmThreshold,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topicId }],
    });
    expect(alarm.AlarmDescription).toContain('Ops runbook, "EdgeBlockedRequests"');
    edgeTemplate.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@reelfive.com',
      TopicArn: { Ref: topicId },
    });
  });
});
