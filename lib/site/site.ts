// The one origin the buyer sees: CloudFront in front of the private site bucket (pages and assets)
// and, under /api/*, the HTTP API. Clean URLs, 404 status and security headers are set at the edge
// by the code in edge-functions.ts, which the twin runs too; site-upload.ts fills the bucket.
import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Construct } from 'constructs';
import type { Api } from '#lib/api/api.ts';
import type { Realtime } from '#lib/realtime/realtime.ts';
import { type AccessLogsBucket, PrivateBucket } from '#lib/shared/buckets.ts';
import type { Uploads } from '#lib/uploads/uploads.ts';
import { originVerifyHeader } from '#shared/runtime-env.ts';
import {
  contentSecurityPolicy,
  permissionsPolicy,
  type SiteHosts,
  strictTransportSecurity,
  viewerRequestCode,
  viewerResponseCode,
} from './edge-functions.ts';
import { SiteUpload } from './site-upload.ts';

export interface SiteProps {
  domainName: string;
  /** Without it the distribution answers only on its *.cloudfront.net name. */
  certificateArn: string | undefined;
  /** The AWS WAF web ACL in front of everything the distribution serves (lib/edge); none only on the twin. */
  webAclArn: string | undefined;
  /** Page paths that exist (shared/paths.ts); everything else is the 404 page. */
  pagePaths: readonly string[];
  /**
   * The built site `cdk deploy` uploads (web/dist). `null` only for the twin's template, which is
   * never deployed: the twin serves web/dist itself.
   */
  siteDir: string | null;
  /** The stage's video model (null: engine-only): the uploaded site must promise its delivery time. */
  footageModel: string | null;
  api: Api;
  realtime: Realtime;
  uploads: Uploads;
  accessLogs: AccessLogsBucket;
  /** prod keeps its buckets when the stack goes; other stages empty and delete them. */
  retainData: boolean;
}

export class Site extends Construct {
  readonly bucket: PrivateBucket;
  readonly distribution: Distribution;
  /** The origins the pages talk to, as the CSP lists them. */
  readonly hosts: SiteHosts;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.bucket = new PrivateBucket(this, 'SiteBucket', {
      accessLogs: props.accessLogs,
      // Rebuilt from git on every deploy, but kept with prod's other buckets: a prod stack is
      // never meant to go, and a retained bucket needs no emptying custom resource there.
      retain: props.retainData,
    });

    const hosts: SiteHosts = {
      connect: [
        `https://${props.realtime.api.httpDns}`,
        `wss://${props.realtime.api.realtimeDns}`,
        `https://${props.uploads.imagesBucket.bucketRegionalDomainName}`,
      ],
      media: [`https://${props.uploads.videosBucket.bucketRegionalDomainName}`],
      images: [`https://${props.uploads.imagesBucket.bucketRegionalDomainName}`],
    };
    this.hosts = hosts;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'ReelFive security headers (lib/site/edge-functions.ts)',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(hosts), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        // Same values as securityHeaders() for the twin; tests compare the two.
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }],
      },
    });

    const apiRequests = new OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'ReelFive /api/*: viewer address, Stripe signature, body type and every query string',
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'CloudFront-Viewer-Address',
        'Stripe-Signature',
        'Content-Type',
      ),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    const stack = Stack.of(this);
    const apiOrigin = new HttpOrigin(`${props.api.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [originVerifyHeader]: props.api.originVerifySecret.secretValue.unsafeUnwrap() },
    });

    const edgeFunction = (name: string, code: string) =>
      new EdgeFunction(this, name, {
        code: FunctionCode.fromInline(code),
        runtime: FunctionRuntime.JS_2_0,
        comment: `ReelFive ${name} (lib/site/edge-functions.ts)`,
      });
    const certificate = props.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `ReelFive site ${props.domainName}`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        // Text (HTML, CSS, JS, JSON, XML, SVG) goes out as Brotli or gzip, whichever the viewer takes.
        compress: true,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: edgeFunction('ViewerRequest', viewerRequestCode(props.pagePaths, props.realtime.runtimeConfig())),
          },
          {
            eventType: FunctionEventType.VIEWER_RESPONSE,
            function: edgeFunction('ViewerResponse', viewerResponseCode()),
          },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          // POST bodies cannot follow a redirect, so plain HTTP is refused rather than redirected.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: securityHeaders,
        },
      },
      // No errorResponses: a distribution-wide one would turn the API's JSON 404s into HTML.
      domainNames: certificate ? [props.domainName] : undefined,
      certificate,
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // IPv4 only: WAF's rate rules count one address, and over IPv6 one client owns a whole /64
      // (2^64 addresses, a fresh budget per request); WAF has no prefix key (lib/edge/README.md).
      enableIpv6: false,
      webAclId: props.webAclArn,
      // No access logs: CloudFront's log lines carry the path and query, i.e. order ids and
      // newsletter tokens, with the viewer's address (docs/threat-model.md, "CloudFront access logs").
      enableLogging: false,
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR3',
      reason:
        "CloudFront's legacy access logs keep every path and query string (order ids, newsletter tokens: capabilities) " +
        'with the viewer IP and cannot drop a field. Standard logging v2 can, but its delivery source must be created ' +
        "in us-east-1 after the distribution, and this stack's region is any (unknown at synth for environment-agnostic " +
        'stages). Requests stay visible without capabilities: WAF logs blocked requests with query strings redacted, the ' +
        "API's access log has route keys, not paths, and CloudFront's metrics count the rest.",
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The product is sold worldwide; there is no country it must not be served in.',
    });
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          "Only the twin's template has no web ACL (every deployed stage gets lib/edge's): it is never deployed, " +
          'and the twin limits each client by IP itself.',
      });
    }
    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          "Only the twin's template has no certificate (deployed stages must have one): the default " +
          '*.cloudfront.net certificate allows no minimum TLS version to be set. Stages with certificateArn get TLSv1.2_2021.',
      });
    }

    if (props.siteDir !== null) {
      new SiteUpload(this, 'Upload', {
        siteDir: props.siteDir,
        footageModel: props.footageModel,
        pagePaths: props.pagePaths,
        bucket: this.bucket,
        distribution: this.distribution,
      });
    }

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
  }
}
