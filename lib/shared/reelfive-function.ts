// Every Lambda of the stack, configured one way: newest Node.js runtime, arm64, an owned log group,
// one ESM bundle by esbuild that carries the AWS SDK, Powertools settings and X-Ray. What
// a function carries beside its bundle (programs, fonts, native addons) is copied with explicit
// modes and its native code is checked against the function's architecture at synth.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AssetStaging, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { config } from '#shared/config.ts';
import { envNames } from '#shared/runtime-env.ts';
import {
  findNativeFiles,
  type LambdaArchitecture,
  nativeBinariesError,
  nativeBinaryProblem,
} from './native-binaries.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface BundledFile {
  /** Relative to the project root, e.g. `node_modules/@ffmpeg-installer/linux-x64/ffmpeg`. */
  from: string;
  /** Relative to the bundle root (/var/task in Lambda). */
  to: string;
  /** A native program the function runs: checked against the architecture and made executable. */
  executable?: boolean;
}

export interface ReelFiveFunctionProps {
  /** Handler module relative to lambdas/, as the route and step tables name it. */
  entry: string;
  timeoutSeconds: number;
  description: string;
  /** CPU scales with memory; 512 MB unless a function needs more (the renderer). */
  memoryMb?: number;
  architecture?: Architecture;
  /** Files copied into the bundle after esbuild. */
  bundledFiles?: readonly BundledFile[];
  /**
   * npm packages esbuild cannot bundle (a native addon and its loader): left external and copied
   * whole from node_modules/ into the bundle's node_modules/. List every package they load.
   */
  copiedPackages?: readonly string[];
  /**
   * The function reads buyers' websites: the site reader's worker thread
   * (lambdas/generation/website/guarded-reading.ts) is bundled beside index.mjs as its own entry.
   */
  readsWebsites?: boolean;
}

/** The site reader's worker: a second entry, since a worker thread loads a module file of its own. */
const siteReaderWorker = {
  entry: 'lambdas/generation/website/site-reader.worker.ts',
  bundled: 'site-reader.worker.mjs',
};

/**
 * Data files code reads from a package at run time (createRequire(…).resolve), not bundled: each
 * is copied into the node_modules/ of every bundle whose code names it.
 */
const packageDataFiles = ['wordsninja/words-en.json'];

/** The construct-context key under which ReelFiveStack names its stage for the functions in it. */
export const stageContextKey = 'reelfive:stage';

/** The stage of the stack a function is in; a bare stack (a construct's own test) has its name. */
export function stageOf(scope: Construct): string {
  return scope.node.tryGetContext(stageContextKey) ?? Stack.of(scope).stackName;
}

export class ReelFiveFunction extends NodejsFunction {
  /** Where IAM findings about this function's grants are reported and acknowledged. */
  readonly executionRole: Role;

  constructor(scope: Construct, id: string, props: ReelFiveFunctionProps) {
    const architecture = props.architecture ?? Architecture.ARM_64;
    const lambdaArchitecture = architecture.name as LambdaArchitecture;
    const owner = `${scope.node.path}/${id}`;
    // Only a bundled stack carries these files; the infra tests skip bundling and run anywhere.
    const nativeFiles = Stack.of(scope).bundlingRequired ? checkCarriedFiles(owner, props, lambdaArchitecture) : [];
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
      architecture,
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
        [envNames.stage]: stageOf(scope),
      },
      bundling: {
        format: OutputFormat.ESM,
        // node22 syntax runs on the Node 24 runtime and keeps the bundle valid on the 22 line.
        target: 'node22',
        minify: true,
        sourceMap: false,
        // ESM bundles have no `require`, yet bundled CommonJS dependencies may still call it.
        banner: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);",
        // The AWS SDK is bundled, not left to the runtime's copy: one minified file imports in
        // about 40 % of the time Node takes to resolve and load the SDK's hundreds of modules (the
        // bench's cold init), and the SDK that runs is the version the tests ran, from our lock.
        externalModules: [...(props.copiedPackages ?? [])],
        mainFields: ['module', 'main'],
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            ...(props.readsWebsites
              ? [
                  `"${inputDir}/node_modules/.bin/esbuild" "${inputDir}/${siteReaderWorker.entry}" --bundle ` +
                    `--platform=node --format=esm --target=node22 --minify --log-level=warning ` +
                    `--outfile="${outputDir}/${siteReaderWorker.bundled}"`,
                ]
              : []),
            ...(props.bundledFiles ?? []).map(({ from, to }) => `cp "${inputDir}/${from}" "${outputDir}/${to}"`),
            ...packageDataFiles.map(
              (file) =>
                `if grep -qF "${file}" "${outputDir}"/*.mjs; then mkdir -p "$(dirname "${outputDir}/node_modules/${file}")" && ` +
                `cp "${inputDir}/node_modules/${file}" "${outputDir}/node_modules/${file}"; fi`,
            ),
            ...(props.copiedPackages ?? []).map(
              (name) =>
                `mkdir -p "$(dirname "${outputDir}/node_modules/${name}")" && ` +
                `cp -R "${inputDir}/node_modules/${name}" "${outputDir}/node_modules/${name}"`,
            ),
            // Lambda runs the code as a user that owns none of these files (sbx_user1051): all must
            // be world-readable, native code world-executable, nothing writable but by the owner.
            // Copies keep their source modes (npm may leave a binary 0744), so every mode is set.
            `find "${outputDir}" -type d -exec chmod 0755 {} +`,
            `find "${outputDir}" -type f -exec chmod 0644 {} +`,
            ...(nativeFiles.length
              ? [`chmod 0755 ${nativeFiles.map((file) => `"${outputDir}/${file}"`).join(' ')}`]
              : []),
          ],
        },
      },
    });
    if (nativeFiles.length) checkStagedNativeFiles(this, owner, nativeFiles, lambdaArchitecture);

    this.executionRole = role;
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.',
    });
  }
}

/**
 * Before bundling: every carried file exists and its native code is ELF for the architecture.
 * Returns the native files' paths in the bundle, to be made executable.
 */
function checkCarriedFiles(owner: string, props: ReelFiveFunctionProps, architecture: LambdaArchitecture): string[] {
  const problems: { file: string; problem: string }[] = [];
  const nativeFiles: string[] = [];
  const check = (source: string, bundled: string) => {
    const problem = nativeBinaryProblem(`${projectRoot}${source}`, architecture);
    if (problem) problems.push({ file: source, problem });
    nativeFiles.push(bundled);
  };
  for (const { from, to, executable } of props.bundledFiles ?? []) {
    if (executable) check(from, to);
    else if (!existsSync(`${projectRoot}${from}`)) problems.push({ file: from, problem: 'missing' });
  }
  for (const name of props.copiedPackages ?? []) {
    const dir = `node_modules/${name}`;
    if (!existsSync(`${projectRoot}${dir}`)) problems.push({ file: dir, problem: 'missing' });
    else for (const file of findNativeFiles(`${projectRoot}${dir}`)) check(`${dir}/${file}`, `${dir}/${file}`);
  }
  if (problems.length) throw nativeBinariesError(owner, architecture, problems);
  return nativeFiles;
}

/** After bundling: the staged copies are still the right ELF, and executable by any user. */
function checkStagedNativeFiles(
  fn: NodejsFunction,
  owner: string,
  nativeFiles: readonly string[],
  architecture: LambdaArchitecture,
): void {
  // NodejsFunction stages its code as the asset `Code`, whose staging is `Stage`.
  const staging = fn.node.tryFindChild('Code')?.node.tryFindChild('Stage');
  if (!(staging instanceof AssetStaging)) throw new Error(`${owner}: its staged code was not found to check`);
  const problems = nativeFiles.flatMap((file) => {
    const path = `${staging.absoluteStagedPath}/${file}`;
    const mode = statSync(path).mode & 0o777;
    const executableByAll = (mode & 0o555) === 0o555 && (mode & 0o022) === 0;
    return [nativeBinaryProblem(path, architecture), executableByAll ? undefined : `mode ${mode.toString(8)}, not 755`]
      .filter((problem) => problem !== undefined)
      .map((problem) => `  - ${file}: ${problem}`);
  });
  if (problems.length) {
    throw new Error(`${owner}: Lambda could not run the staged ${staging.absoluteStagedPath}:\n${problems.join('\n')}`);
  }
}
