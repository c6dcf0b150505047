// CloudFront in front of the site bucket and the API: OAC, the /api/* behaviour, the edge functions,
// the headers the twin reproduces and the upload of the built site.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement } from 'aws-cdk-lib';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { createStacks } from '#lib/app.ts';
import { rootFiles, securityHeaders, viewerRequestCode, viewerResponseCode } from '#lib/site/edge-functions.ts';
import { blogSlugs, pageFile, pagePaths } from '#shared/paths.ts';
import {
  buildStack,
  type CfnResource,
  resourceNamed,
  testCertificateArn,
  testParameters,
  testSiteDir,
} from './stack.ts';

const { app, stack, template } = buildStack();
const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties
  .DistributionConfig;
const apiBehavior = distribution.CacheBehaviors.find(
  (behavior: { PathPattern: string }) => behavior.PathPattern === '/api/*',
);
const originById = (id: string) => distribution.Origins.find((origin: { Id: string }) => origin.Id === id);
const cachingDisabledPolicyId = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

describe('site bucket and origin access', () => {
  it('serves pages from the private bucket through origin access control', () => {
    const origin = originById(distribution.DefaultCacheBehavior.TargetOriginId);

    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [logicalId(stack.site.bucket), 'RegionalDomainName'] });
    expect(origin.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
  });

  it('lets only this distribution read the site bucket', () => {
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy')).find(
      (candidate) => candidate.Properties.Bucket.Ref === logicalId(stack.site.bucket),
    );
    const allows = policy?.Properties.PolicyDocument.Statement.filter(
      (statement: { Effect: string }) => statement.Effect === 'Allow',
    );

    expect(allows).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: {
          StringEquals: {
            'AWS:SourceArn': {
              'Fn::Join': [
                '',
                [
                  'arn:',
                  { Ref: 'AWS::Partition' },
                  ':cloudfront::',
                  { Ref: 'AWS::AccountId' },
                  ':distribution/',
                  { Ref: logicalId(stack.site.distribution) },
                ],
              ],
            },
          },
        },
      }),
    ]);
  });
});

describe('/api/* behaviour', () => {
  it('forwards every method uncached to the HTTP API over TLS', () => {
    expect(apiBehavior).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: cachingDisabledPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = originById(apiBehavior.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain(logicalId(stack.api.httpApi));
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  it('forwards the viewer address, Stripe signature, content type and all query strings', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: {
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: ['CloudFront-Viewer-Address', 'Stripe-Signature', 'Content-Type'],
        },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    expect(apiBehavior.OriginRequestPolicyId).toEqual({ Ref: expect.stringMatching(/^SiteApiRequests/) });
  });

  it('adds the generated origin-verify secret as a custom origin header', () => {
    const origin = originById(apiBehavior.TargetOriginId);

    expect(origin.OriginCustomHeaders).toEqual([
      {
        HeaderName: 'x-origin-verify',
        HeaderValue: {
          'Fn::Join': [
            '',
            ['{{resolve:secretsmanager:', { Ref: logicalId(stack.api.originVerifySecret) }, ':SecretString:::}}'],
          ],
        },
      },
    ]);
  });
});

describe('edge functions and errors', () => {
  it('runs the shared viewer-request and viewer-response code on the page behaviour', () => {
    const functions = template.findResources('AWS::CloudFront::Function');
    const codeOf = (eventType: string) => {
      const association = distribution.DefaultCacheBehavior.FunctionAssociations.find(
        (candidate: { EventType: string }) => candidate.EventType === eventType,
      );
      const fn = functions[association.FunctionARN['Fn::GetAtt'][0]];
      expect(fn?.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
      return fn?.Properties.FunctionCode;
    };

    // The runtime config inside is the Events API's host and key, resolved by CloudFormation.
    expect(codeOf('viewer-request')).toEqual(
      stack.resolve(viewerRequestCode(pagePaths, stack.realtime.runtimeConfig())),
    );
    expect(JSON.stringify(codeOf('viewer-request'))).toContain(
      `"${stack.getLogicalId(stack.realtime.apiKey)}","ApiKey"`,
    );
    expect(codeOf('viewer-response')).toBe(viewerResponseCode());
  });

  it('has no distribution-wide error responses, which would turn API 404s into HTML', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });
});

describe('response headers', () => {
  it('sends nosniff on every behaviour: no object it serves is sniffed into a page', () => {
    // Prepare
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const behaviours = [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors];

    // Assess
    for (const behaviour of behaviours) {
      const policy = policies[behaviour.ResponseHeadersPolicyId.Ref];
      expect(policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentTypeOptions).toEqual({
        Override: true,
      });
    }
  });

  it('serves only the site bucket and the API: uploads and videos come from S3 through presigned GETs', () => {
    const origins = distribution.Origins.map((origin: { DomainName: unknown }) => JSON.stringify(origin.DomainName));

    expect(origins).toHaveLength(2);
    for (const bucket of [stack.uploads.imagesBucket, stack.uploads.videosBucket]) {
      expect(origins.join()).not.toContain(logicalId(bucket));
    }
  });

  it('sends the same security headers the twin serves', () => {
    // Prepare
    const expected = stack.resolve(securityHeaders(stack.site.hosts));
    const policy = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]?.Properties
      .ResponseHeadersPolicyConfig;
    const security = policy.SecurityHeadersConfig;

    // Assess
    expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toEqual(expected['content-security-policy']);
    expect(
      `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}${security.StrictTransportSecurity.IncludeSubdomains ? '; includeSubDomains' : ''}`,
    ).toBe(expected['strict-transport-security']);
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions.FrameOption).toBe(expected['x-frame-options']);
    expect(security.ReferrerPolicy.ReferrerPolicy).toBe(expected['referrer-policy']);
    expect(policy.CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: expected['permissions-policy'], Override: true },
    ]);
  });

  it('lets pages connect to AppSync (HTTP and realtime) and the images bucket', () => {
    const csp = JSON.stringify(stack.resolve(securityHeaders(stack.site.hosts))['content-security-policy']);
    const realtimeApi = logicalId(stack.realtime.api);

    expect(csp).toContain(JSON.stringify({ 'Fn::GetAtt': [realtimeApi, 'Dns.Http'] }));
    expect(csp).toContain(JSON.stringify({ 'Fn::GetAtt': [realtimeApi, 'Dns.Realtime'] }));
    expect(csp).toContain(
      JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.uploads.imagesBucket), 'RegionalDomainName'] }),
    );
    expect(csp).toContain(
      JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.uploads.videosBucket), 'RegionalDomainName'] }),
    );
  });

  it('applies to pages and API answers alike', () => {
    expect(apiBehavior.ResponseHeadersPolicyId).toEqual(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId);
  });
});

describe('domain and logging', () => {
  it('answers on the stage domain with its us-east-1 certificate and TLS 1.2 at least', () => {
    expect(distribution).toMatchObject({
      Aliases: ['reelfive.com'],
      ViewerCertificate: {
        AcmCertificateArn: testCertificateArn,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
  });

  it('keeps no access log of paths and query strings, which carry order ids and newsletter tokens', () => {
    const { edgeTemplate } = buildStack();
    const deliveries = [template, edgeTemplate].flatMap((stage) =>
      Object.values(stage?.findResources('AWS::Logs::DeliverySource') ?? {}),
    );

    // Neither legacy logging (which cannot drop a field) nor a v2 delivery of CloudFront's access logs.
    expect(distribution.Logging).toBeUndefined();
    expect(deliveries.filter((source) => source.Properties.LogType === 'ACCESS_LOGS')).toEqual([]);
  });
});

describe('upload of the built site', () => {
  const [assetsId, assets] = resourceNamed(template, 'Custom::CDKBucketDeployment', 'SiteUploadAssets');
  const [, documents] = resourceNamed(template, 'Custom::CDKBucketDeployment', 'SiteUploadDocuments');
  const siteBucket = { Ref: logicalId(stack.site.bucket) };
  /** The files `cdk deploy` zips for one deployment, as staged in the cloud assembly. */
  const stagedFiles = (id: string) => {
    const asset = stack.site.node.findChild('Upload').node.findChild(id) as Asset;
    return readdirSync(join(app.outdir, asset.assetPath), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(join(app.outdir, asset.assetPath).length))
      .sort();
  };

  it('uploads the hashed assets under assets/ for a year, keeping the ones older pages still name', () => {
    expect(assets.Properties).toMatchObject({
      DestinationBucketName: siteBucket,
      DestinationBucketKeyPrefix: 'assets/',
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(assets.Properties.DistributionId).toBeUndefined();
    expect(stagedFiles('AssetsZip')).toEqual(['/index-3f2a1b.js']);
  });

  it('uploads pages and root files to revalidate on every use, pruning old ones but never the assets', () => {
    expect(documents.Properties).toMatchObject({
      DestinationBucketName: siteBucket,
      Prune: true,
      // What the build was made for is read by the synth, never served.
      Exclude: ['assets/*', '.build.json'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(documents.Properties.DestinationBucketKeyPrefix).toBeUndefined();
    expect(stagedFiles('DocumentsZip')).toEqual(['/404.html', '/index.html', '/robots.txt']);
  });

  it('invalidates every page and root file after the upload, and no asset', () => {
    const invalidated: string[] = documents.Properties.DistributionPaths;

    expect(documents.Properties.DistributionId).toEqual({ Ref: logicalId(stack.site.distribution) });
    expect(invalidated).toEqual(expect.arrayContaining([...pagePaths.map(pageFile), ...rootFiles]));
    expect(invalidated).toContain('/blog.html');
    for (const slug of blogSlugs) expect(invalidated).toContain(`/blog/${slug}.html`);
    expect(invalidated.filter((path) => path.startsWith('/assets/'))).toEqual([]);
    expect(invalidated.length).toBe(new Set(invalidated).size);
  });

  it('uploads the assets before the pages that name them', () => {
    expect((documents as CfnResource & { DependsOn: string[] }).DependsOn).toContain(assetsId);
  });

  it('compresses what it serves', () => {
    expect(distribution.DefaultCacheBehavior.Compress).toBe(true);
  });

  it('refuses to synthesize without a built site, and says how to build it', () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'reelfive-no-site-'));
    try {
      expect(() =>
        createStacks(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), testParameters(), { siteDir: emptyDir }),
      ).toThrow(/built site is missing[\s\S]*npm run build/);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it('refuses a site built for engine-only ads on a stage with footage: its pages would promise the wrong wait', () => {
    // Prepare
    const footageStage = testParameters({
      footageModel: 'fal-ai/minimax/hailuo-02/standard/image-to-video',
      footageApiKeySecretName: 'reelfive/prod/footage-api-key',
    });
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });

    // Act
    const synth = () => createStacks(app, footageStage, { siteDir: testSiteDir({ footageModel: undefined }) });

    // Assess
    expect(synth).toThrow(
      'was built for engine-only ads, but this stage makes footage with fal-ai/minimax/hailuo-02/standard/image-to-video: ' +
        'its pages would promise about a minute instead of about 3 minutes. ' +
        'Run `FOOTAGE_MODEL=fal-ai/minimax/hailuo-02/standard/image-to-video npm run build` for this stage first.',
    );
  });

  it('refuses a site built with delivery times shared/config.ts no longer has', () => {
    const stale = mkdtempSync(join(tmpdir(), 'reelfive-stale-site-'));
    try {
      cpSync(testSiteDir({ footageModel: undefined }), stale, { recursive: true });
      writeFileSync(
        join(stale, '.build.json'),
        JSON.stringify({ siteUrl: 'https://reelfive.com', footageModel: null, deliverySeconds: 240 }),
      );

      expect(() =>
        createStacks(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), testParameters(), { siteDir: stale }),
      ).toThrow(/promises about 4 minutes, from times shared\/config\.ts no longer has\. Run `npm run build`/);
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });

  it('refuses a site that does not say what it was built for', () => {
    const unmarked = mkdtempSync(join(tmpdir(), 'reelfive-unmarked-site-'));
    try {
      cpSync(testSiteDir({ footageModel: undefined }), unmarked, { recursive: true });
      rmSync(join(unmarked, '.build.json'));

      expect(() =>
        createStacks(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), testParameters(), { siteDir: unmarked }),
      ).toThrow(/does not say what it was built for \(no readable \.build\.json\)\. Run `npm run build`/);
    } finally {
      rmSync(unmarked, { recursive: true, force: true });
    }
  });
});
