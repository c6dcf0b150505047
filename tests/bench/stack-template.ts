// What the bench reads from the synthesized staging template: each product function with its
// bundle, memory, architecture and environment, and which function serves which route, state or
// stream, so figures and costs name functions as deployed rather than as typed here.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type AslDefinition, resolveIntrinsics, stateMachineDefinition } from '#local/cloudformation/template.ts';
import type { CloudAssembly } from './cloud-assembly.ts';

export type Architecture = 'arm64' | 'x86_64';

export interface StackFunction {
  logicalId: string;
  /** The construct path without the stack and `/Code`, e.g. `Generation/RenderFunction`. */
  name: string;
  assetDir: string;
  /** Bytes of the bundle's entry (index.mjs) and of the whole asset (binaries and fonts included). */
  indexBytes: number;
  assetBytes: number;
  memoryMb: number;
  architecture: Architecture;
  runtime: string;
  /** Environment.Variables, Ref/GetAtt replaced by plausible names and ARNs (the twin's resolver). */
  environment: Record<string, string>;
}

interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
}

const resourcesOf = (assembly: CloudAssembly) => (assembly.template.Resources ?? {}) as Record<string, Resource>;

/** The logical id a `Ref` or `Fn::GetAtt` points to, or undefined for anything else. */
export function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const reference = value as { Ref?: unknown; 'Fn::GetAtt'?: unknown };
  if (typeof reference.Ref === 'string') return reference.Ref;
  const getAtt = reference['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  if (typeof getAtt === 'string') return getAtt.split('.')[0];
  return undefined;
}

function directoryBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir)) {
    const info = statSync(join(dir, entry));
    bytes += info.isDirectory() ? directoryBytes(join(dir, entry)) : info.size;
  }
  return bytes;
}

/**
 * The stack's own functions (ESM bundles built by esbuild: `index.mjs`), each mapped to its asset
 * through Code.S3Key ↔ the asset manifest's object key. CDK's helper functions are left out.
 */
export function stackFunctions(assembly: CloudAssembly): StackFunction[] {
  const assetByObjectKey = new Map<string, { path: string; displayName?: string }>();
  for (const asset of Object.values(assembly.assets.files)) {
    for (const destination of Object.values(asset.destinations)) {
      assetByObjectKey.set(destination.objectKey, { path: asset.source.path, displayName: asset.displayName });
    }
  }
  const found: StackFunction[] = [];
  for (const [logicalId, resource] of Object.entries(resourcesOf(assembly))) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const properties = resource.Properties ?? {};
    const s3Key = (properties.Code as { S3Key?: unknown } | undefined)?.S3Key;
    const asset = typeof s3Key === 'string' ? assetByObjectKey.get(s3Key) : undefined;
    if (!asset) continue;
    const assetDir = join(assembly.directory, asset.path);
    if (!existsSync(join(assetDir, 'index.mjs'))) continue;
    const variables = (properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    const environment: Record<string, string> = {};
    for (const [variable, value] of Object.entries(variables)) {
      try {
        environment[variable] = String(resolveIntrinsics(value, { template: assembly.template }));
      } catch {
        environment[variable] = `placeholder-${variable.toLowerCase()}`;
      }
    }
    const architectures = properties.Architectures as string[] | undefined;
    found.push({
      logicalId,
      name: (asset.displayName ?? logicalId).replace(/\/Code$/, ''),
      assetDir,
      indexBytes: statSync(join(assetDir, 'index.mjs')).size,
      assetBytes: directoryBytes(assetDir),
      // CloudFormation's defaults when the template leaves them out.
      memoryMb: Number(properties.MemorySize ?? 128),
      architecture: architectures?.[0] === 'arm64' ? 'arm64' : 'x86_64',
      runtime: String(properties.Runtime ?? ''),
      environment,
    });
  }
  return found;
}

/**
 * A function's environment as Lambda gives it: what the runtime sets in every function, with
 * plausible values, then the function's own variables from the template.
 */
export function lambdaEnvironment(fn: StackFunction): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: fn.logicalId,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.logicalId}`,
    AWS_LAMBDA_LOG_STREAM_NAME: '2026/11/23/[$LATEST]00000000000000000000000000000000',
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    LAMBDA_TASK_ROOT: fn.assetDir,
    AWS_ACCESS_KEY_ID: 'ASIAPLACEHOLDER000000',
    AWS_SECRET_ACCESS_KEY: 'placeholder-secret-access-key',
    AWS_SESSION_TOKEN: 'placeholder-session-token',
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000',
    ...fn.environment,
  };
}

/** `POST /api/orders` → the logical id of the function behind that HTTP API route. */
export function routeFunctions(assembly: CloudAssembly): Map<string, string> {
  const resources = resourcesOf(assembly);
  const routes = new Map<string, string>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::ApiGatewayV2::Route') continue;
    const routeKey = String(resource.Properties?.RouteKey ?? '');
    // Target: {"Fn::Join": ["", ["integrations/", {"Ref": <integration>}]]}
    const joined = (resource.Properties?.Target as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
    const integrationId = joined?.[1].map(referencedId).find(Boolean);
    const integration = integrationId ? resources[integrationId] : undefined;
    const functionId = referencedId(integration?.Properties?.IntegrationUri);
    if (functionId) routes.set(routeKey, functionId);
  }
  return routes;
}

/** The functions whose event source mapping reads a DynamoDB stream (the order-changes publisher). */
export function streamConsumers(assembly: CloudAssembly): string[] {
  return Object.values(resourcesOf(assembly))
    .filter((resource) => resource.Type === 'AWS::Lambda::EventSourceMapping')
    .filter((resource) => JSON.stringify(resource.Properties?.EventSourceArn ?? '').includes('StreamArn'))
    .map((resource) => referencedId(resource.Properties?.FunctionName))
    .filter((id): id is string => Boolean(id));
}

/** Days after which a bucket's lifecycle rules expire objects, or undefined when they never do. */
export function bucketExpirationDays(assembly: CloudAssembly, bucketLogicalId: string): number | undefined {
  const rules = (
    resourcesOf(assembly)[bucketLogicalId]?.Properties?.LifecycleConfiguration as
      | { Rules?: { ExpirationInDays?: number; Status?: string; Prefix?: string }[] }
      | undefined
  )?.Rules;
  const days = (rules ?? [])
    .filter((rule) => rule.Status !== 'Disabled' && !rule.Prefix && rule.ExpirationInDays !== undefined)
    .map((rule) => Number(rule.ExpirationInDays));
  return days.length ? Math.min(...days) : undefined;
}

export interface StateMachine {
  definition: AslDefinition;
  /** Task state name → logical id of the function it invokes. */
  taskFunctions: Record<string, string>;
}

export function generationStateMachine(assembly: CloudAssembly): StateMachine {
  const { definition, taskFunctions } = stateMachineDefinition(assembly.template);
  return { definition, taskFunctions };
}
