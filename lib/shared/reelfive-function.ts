// Every Lambda of the stack, configured one way: newest Node.js runtime, arm64, an owned log group,
// ESM bundles by esbuild with the AWS SDK left to the runtime, Powertools settings and X-Ray.
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { config } from '#shared/config';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface ReelFiveFunctionProps {
  /** Handler module relative to lambdas/, as the route and step tables name it. */
  entry: string;
  timeoutSeconds: number;
  description: string;
  /** CPU scales with memory; 512 MB unless a function needs more (the renderer). */
  memoryMb?: number;
  architecture?: Architecture;
  /** Files copied into the bundle after esbuild, relative to the project root → bundle root. */
  bundledFiles?: readonly { from: string; to: string }[];
}

export class ReelFiveFunction extends NodejsFunction {
  /** Where IAM findings about this function's grants are reported and acknowledged. */
  readonly executionRole: Role;

  constructor(scope: Construct, id: string, props: ReelFiveFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to every
    // log group in the account, this one only to the function's own.
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    super(scope, id, {
      entry: `${projectRoot}lambdas/${props.entry}`,
      handler: 'handler',
      description: props.description,
      projectRoot,
      depsLockFilePath: `${projectRoot}package-lock.json`,
      // The newest Node.js line aws-cdk-lib offers (cdk-nag L1); bumped with aws-cdk-lib.
      runtime: Runtime.NODEJS_24_X,
      architecture: props.architecture ?? Architecture.ARM_64,
      // CPU scales with memory; the buyer waits on these cold starts.
      memorySize: props.memoryMb ?? 512,
      timeout: Duration.seconds(props.timeoutSeconds),
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      tracing: Tracing.ACTIVE,
      environment: {
        POWERTOOLS_SERVICE_NAME: config.brand.slug,
        POWERTOOLS_METRICS_NAMESPACE: config.brand.name,
        POWERTOOLS_LOG_LEVEL: 'INFO',
      },
      bundling: {
        format: OutputFormat.ESM,
        // node22 syntax runs on the Node 24 runtime and keeps the bundle valid on the 22 line.
        target: 'node22',
        minify: true,
        sourceMap: false,
        // ESM bundles have no `require`, yet bundled CommonJS dependencies may still call it.
        banner: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);",
        // The runtime ships AWS SDK v3; leaving it out keeps the bundles small.
        externalModules: ['@aws-sdk/*'],
        mainFields: ['module', 'main'],
        ...(props.bundledFiles?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) =>
                  (props.bundledFiles ?? []).map(({ from, to }) => `cp "${inputDir}/${from}" "${outputDir}/${to}"`),
              },
            }
          : {}),
      },
    });

    this.executionRole = role;
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.',
    });
  }
}
