// `cdk deploy` uploads the built site (web/dist) into the site bucket and invalidates the pages.
// Cache lifetimes are stored with each object as S3 Cache-Control metadata rather than added by a
// response headers policy: CloudFront honours the object's own header for both its edge cache and
// the browser, the 404 page (served through a rewrite) carries its object's header like any page,
// and no second behaviour for /assets/* is needed just to tell the two kinds apart.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SingletonFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource } from '#lib/shared/nag.ts';
import { deliverySeconds, typicalDeliveryWords } from '#shared/delivery-time.ts';
import { pageFile } from '#shared/paths.ts';
import { readSiteBuildInfo, siteBuildInfoFile } from '#shared/site-build-info.ts';
import { assetCacheControl, assetsPrefix, documentCacheControl, rootFiles } from './edge-functions.ts';

/** The build's assets directory: `/assets/` without its slashes. */
const assetsDir = assetsPrefix.slice(1, -1);
/** What a site build always holds; without them the directory is not a built site. */
const requiredEntries = ['index.html', '404.html', assetsDir];

/**
 * The CloudFront paths a deploy invalidates: every page's object and every root file. The hashed
 * assets never change under one name, so they are left cached.
 */
export function invalidationPaths(pagePaths: readonly string[]): string[] {
  return [...new Set([...pagePaths.map(pageFile), ...rootFiles])];
}

export interface SiteUploadProps {
  /** The built site: `npm run build` writes web/dist. */
  siteDir: string;
  /** The stage's video model (null: engine-only), which the built site must have been made for. */
  footageModel: string | null;
  /** Page paths that exist (shared/paths.ts): their objects are invalidated on every deploy. */
  pagePaths: readonly string[];
  bucket: IBucket;
  distribution: IDistribution;
}

/**
 * The pages say the stage's delivery time in words (shared/delivery-time.ts), fixed when the site
 * is built: a site built for another footage model would promise buyers the wrong wait.
 */
function checkBuiltForStage(siteDir: string, footageModel: string | null): void {
  const infoPath = join(siteDir, siteBuildInfoFile);
  const built = readSiteBuildInfo(existsSync(infoPath) ? readFileSync(infoPath, 'utf8') : null);
  const rebuild = `Run \`${footageModel ? `FOOTAGE_MODEL=${footageModel} ` : ''}npm run build\` for this stage first.`;
  if (!built) {
    throw new Error(
      `The built site in ${siteDir} does not say what it was built for (no readable ${siteBuildInfoFile}). ${rebuild}`,
    );
  }
  const promised = typicalDeliveryWords(built.deliverySeconds);
  const stageSeconds = deliverySeconds(footageModel);
  if (built.footageModel !== footageModel) {
    throw new Error(
      `The built site in ${siteDir} was built for ${built.footageModel ? `footage model ${built.footageModel}` : 'engine-only ads'}, ` +
        `but this stage makes ${footageModel ? `footage with ${footageModel}` : 'engine-only ads'}: its pages would promise ` +
        `${promised} instead of ${typicalDeliveryWords(stageSeconds)}. ${rebuild}`,
    );
  }
  // The same model, but the measured times in shared/config.ts changed since the build.
  if (built.deliverySeconds !== stageSeconds) {
    throw new Error(
      `The built site in ${siteDir} promises ${promised}, from times shared/config.ts no longer has. ${rebuild}`,
    );
  }
}

export class SiteUpload extends Construct {
  readonly assets: BucketDeployment;
  readonly documents: BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteUploadProps) {
    super(scope, id);
    const missing = requiredEntries.filter((entry) => !existsSync(join(props.siteDir, entry)));
    if (missing.length > 0) {
      throw new Error(
        `The built site is missing from ${props.siteDir} (no ${missing.join(', ')}). ` +
          'Run `npm run build` first: `cdk deploy` uploads what it finds there.',
      );
    }

    checkBuiltForStage(props.siteDir, props.footageModel);

    // Both deployments share one handler Lambda (BucketDeployment's singleton); its role and log
    // group are ours so it writes only to its own logs and keeps them a month, like every function.
    const logGroup = new LogGroup(this, 'HandlerLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'HandlerRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    // Zipped by the CLI and staged in the CDK assets bucket; the handler syncs them into the bucket.
    const assetsZip = new Asset(this, 'AssetsZip', { path: join(props.siteDir, assetsDir) });
    const documentsZip = new Asset(this, 'DocumentsZip', {
      path: props.siteDir,
      exclude: [assetsDir, siteBuildInfoFile],
    });

    this.assets = new BucketDeployment(this, 'Assets', {
      sources: [Source.bucket(assetsZip.bucket, assetsZip.s3ObjectKey)],
      destinationBucket: props.bucket,
      destinationKeyPrefix: `${assetsDir}/`,
      // Old hashed files stay: a tab opened before the deploy still loads the chunks it names.
      prune: false,
      cacheControl: [CacheControl.fromString(assetCacheControl)],
      role,
      logGroup,
    });

    this.documents = new BucketDeployment(this, 'Documents', {
      sources: [Source.bucket(documentsZip.bucket, documentsZip.s3ObjectKey)],
      destinationBucket: props.bucket,
      // Pages and root files a build no longer makes are deleted; the sync's exclude keeps the
      // prune away from the assets.
      exclude: [`${assetsDir}/*`, siteBuildInfoFile],
      prune: true,
      cacheControl: [CacheControl.fromString(documentCacheControl)],
      distribution: props.distribution,
      distributionPaths: invalidationPaths(props.pagePaths),
      role,
      logGroup,
    });
    // A new page must never name an asset that is not uploaded yet.
    this.documents.node.addDependency(this.assets);

    this.acknowledgeHandlerFindings(role, props.bucket, assetsZip);
  }

  /** What cdk-nag reports is BucketDeployment's own doing: its grants and its handler's runtime. */
  private acknowledgeHandlerFindings(role: Role, bucket: IBucket, zip: Asset): void {
    const grantedByBucketDeployment =
      'BucketDeployment grants its handler these action groups itself (grantRead on the CDK assets bucket, ' +
      'grantReadWrite on the site bucket); the role reaches no other bucket.';
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: grantedByBucketDeployment,
      });
    }
    acknowledgeWildcardResource(
      role,
      bucket.arnForObjects('*'),
      'The deploy syncs the whole built site: it writes and prunes any key of the site bucket, which holds nothing else.',
    );
    acknowledgeWildcardResource(
      role,
      zip.bucket.arnForObjects('*'),
      'BucketDeployment reads the zipped site from the CDK assets bucket under a key that changes with every build.',
    );
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'BucketDeployment grants cloudfront:CreateInvalidation and GetInvalidation on every distribution; ' +
        'the handler only invalidates the one it is given.',
    });
    // The handler is one function for the whole stack, named after the singleton that made it.
    const singleton = this.documents.node.children.find((child) => child instanceof SingletonFunction);
    if (!singleton) throw new Error('BucketDeployment no longer makes its handler with a SingletonFunction');
    Validations.of(Stack.of(this).node.findChild(singleton.constructName)).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'The runtime of BucketDeployment’s handler (Python, with the AWS CLI layer) is chosen by aws-cdk-lib ' +
        'and moves to a newer one with it; the handler runs only during deploys.',
    });
  }
}
