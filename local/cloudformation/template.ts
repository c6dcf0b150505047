// Reads a synthesized CloudFormation template the way the twin needs it: intrinsic functions
// resolved to the twin's physical names and fake ARNs, plus the few views the emulators use
// (resources of a type, a Lambda's environment, the state machine's ASL).

export const twinRegion = 'us-east-1';
export const twinAccountId = '000000000000';
export const twinStackName = 'reelfive-local';

/** A template as `JSON.parse` (or `Template.toJSON()`) gives it. */
export type CloudFormationTemplate = Record<string, unknown>;

export interface CloudFormationResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Condition?: string;
}

export interface IntrinsicContext {
  template: CloudFormationTemplate;
  /** Values for the template's Parameters; a parameter's Default is used otherwise. */
  parameters?: Record<string, string>;
}

/** One Amazon States Language state, loosely typed: the runner validates the whole definition. */
export type AslState = Record<string, unknown> & { Type: string };

export interface AslDefinition {
  StartAt: string;
  States: Record<string, AslState>;
  TimeoutSeconds?: number;
  [field: string]: unknown;
}

export interface StateMachineTemplate {
  logicalId: string;
  /** The twin's state machine name (the logical id unless the template names it). */
  name: string;
  arn: string;
  definition: AslDefinition;
  /** Task state name → logical id of the Lambda function it invokes (nested Map/Parallel states too). */
  taskFunctions: Record<string, string>;
}

const pseudoParameters: Record<string, unknown> = {
  'AWS::Region': twinRegion,
  'AWS::AccountId': twinAccountId,
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': twinStackName,
  'AWS::StackId': `arn:aws:cloudformation:${twinRegion}:${twinAccountId}:stack/${twinStackName}/00000000-0000-0000-0000-000000000000`,
  'AWS::NotificationARNs': [],
};

/** Property that names a resource explicitly, per type; without it the twin uses the logical id. */
const nameProperties: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::DynamoDB::GlobalTable': 'TableName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::StepFunctions::StateMachine': 'StateMachineName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Logs::LogGroup': 'LogGroupName',
};

const noValue = Symbol('AWS::NoValue');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sectionOf(template: CloudFormationTemplate, section: string): Record<string, unknown> {
  const value = template[section];
  return isRecord(value) ? value : {};
}

function resourceOf(template: CloudFormationTemplate, logicalId: string): CloudFormationResource {
  const resource = sectionOf(template, 'Resources')[logicalId];
  if (!isRecord(resource) || typeof resource.Type !== 'string') {
    throw new Error(`The template has no resource named ${logicalId}`);
  }
  return resource as unknown as CloudFormationResource;
}

/** Resolves Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split, Fn::If and friends. */
export function resolveIntrinsics(value: unknown, ctx: IntrinsicContext): unknown {
  const resolved = resolveValue(value, ctx);
  return resolved === noValue ? undefined : resolved;
}

function resolveValue(value: unknown, ctx: IntrinsicContext): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, ctx)).filter((item) => item !== noValue);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  const [key] = keys;
  if (keys.length === 1 && key !== undefined && (key === 'Ref' || key.startsWith('Fn::'))) {
    return resolveFunction(key, value[key], ctx);
  }
  const result: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const resolved = resolveValue(item, ctx);
    if (resolved !== noValue) result[name] = resolved;
  }
  return result;
}

function resolveFunction(name: string, argument: unknown, ctx: IntrinsicContext): unknown {
  switch (name) {
    case 'Ref':
      return ref(String(argument), ctx);
    case 'Fn::GetAtt': {
      const [logicalId, ...attribute] = Array.isArray(argument)
        ? (resolveValue(argument, ctx) as unknown[]).map(String)
        : String(argument).split('.');
      return getAtt(ctx.template, String(logicalId), attribute.join('.'));
    }
    case 'Fn::Join': {
      const [delimiter, items] = argsOf(name, argument, ctx, 2);
      return listOf(name, items).map(String).join(String(delimiter));
    }
    case 'Fn::Sub':
      return sub(argument, ctx);
    case 'Fn::Select': {
      const [index, items] = argsOf(name, argument, ctx, 2);
      const selected = listOf(name, items)[Number(index)];
      if (selected === undefined) throw new Error(`Fn::Select index ${String(index)} is out of range`);
      return selected;
    }
    case 'Fn::Split': {
      const [delimiter, source] = argsOf(name, argument, ctx, 2);
      return String(source).split(String(delimiter));
    }
    case 'Fn::If': {
      const [condition, whenTrue, whenFalse] = Array.isArray(argument) ? argument : [];
      if (typeof condition !== 'string') throw new Error('Fn::If needs [conditionName, valueIfTrue, valueIfFalse]');
      return resolveValue(evaluateCondition(condition, ctx) ? whenTrue : whenFalse, ctx);
    }
    case 'Fn::Equals':
    case 'Fn::Not':
    case 'Fn::And':
    case 'Fn::Or':
      return evaluateConditionExpression({ [name]: argument }, ctx);
    case 'Fn::FindInMap': {
      const [mapName, topKey, secondKey] = argsOf(name, argument, ctx, 3).map(String);
      const found = (
        sectionOf(ctx.template, 'Mappings')[mapName as string] as Record<string, Record<string, unknown>>
      )?.[topKey as string]?.[secondKey as string];
      if (found === undefined) throw new Error(`Fn::FindInMap found nothing at ${mapName}.${topKey}.${secondKey}`);
      return found;
    }
    case 'Fn::Base64':
      return Buffer.from(String(resolveValue(argument, ctx))).toString('base64');
    case 'Fn::ToJsonString':
      return JSON.stringify(resolveValue(argument, ctx));
    case 'Fn::GetAZs':
      return ['a', 'b', 'c'].map((zone) => `${twinRegion}${zone}`);
    default:
      throw new Error(`The twin cannot resolve ${name} (used in the template)`);
  }
}

function argsOf(name: string, argument: unknown, ctx: IntrinsicContext, count: number): unknown[] {
  const resolved = resolveValue(argument, ctx);
  if (!Array.isArray(resolved) || resolved.length < count) throw new Error(`${name} needs ${count} arguments`);
  return resolved;
}

function listOf(name: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${name} needs a list`);
  return value;
}

function ref(name: string, ctx: IntrinsicContext): unknown {
  if (name === 'AWS::NoValue') return noValue;
  if (name in pseudoParameters) return pseudoParameters[name];
  const parameter = sectionOf(ctx.template, 'Parameters')[name];
  if (isRecord(parameter)) {
    const value = ctx.parameters?.[name] ?? parameter.Default;
    if (value === undefined) throw new Error(`Template parameter ${name} has no value and no Default`);
    return value;
  }
  const resource = resourceOf(ctx.template, name);
  switch (resource.Type) {
    case 'AWS::StepFunctions::StateMachine':
    case 'AWS::SNS::Topic':
    case 'AWS::SecretsManager::Secret':
      return arnOf(ctx.template, name);
    case 'AWS::SQS::Queue':
      return `https://sqs.${twinRegion}.amazonaws.com/${twinAccountId}/${physicalName(ctx.template, name)}`;
    default:
      return physicalName(ctx.template, name);
  }
}

function getAtt(template: CloudFormationTemplate, logicalId: string, attribute: string): string {
  const { Type: type } = resourceOf(template, logicalId);
  const name = physicalName(template, logicalId);
  if (attribute === 'Arn' || (type === 'AWS::SNS::Topic' && attribute === 'TopicArn'))
    return arnOf(template, logicalId);
  if (type.startsWith('AWS::DynamoDB::') && (attribute === 'StreamArn' || attribute === 'LatestStreamArn')) {
    return `${arnOf(template, logicalId)}/stream/twin`;
  }
  if (type === 'AWS::S3::Bucket' && attribute === 'DomainName') return `${name}.s3.amazonaws.com`;
  if (type === 'AWS::S3::Bucket' && attribute === 'RegionalDomainName') return `${name}.s3.${twinRegion}.amazonaws.com`;
  if (['Name', 'QueueName', 'TopicName'].includes(attribute)) return name;
  if (type === 'AWS::SQS::Queue' && attribute === 'QueueUrl') return String(ref(logicalId, { template }));
  return `${logicalId}.${attribute}`;
}

function arnOf(template: CloudFormationTemplate, logicalId: string): string {
  const { Type: type } = resourceOf(template, logicalId);
  const name = physicalName(template, logicalId);
  const prefix = (service: string) => `arn:aws:${service}:${twinRegion}:${twinAccountId}`;
  switch (type) {
    case 'AWS::DynamoDB::Table':
    case 'AWS::DynamoDB::GlobalTable':
      return `${prefix('dynamodb')}:table/${name}`;
    case 'AWS::S3::Bucket':
      return `arn:aws:s3:::${name}`;
    case 'AWS::StepFunctions::StateMachine':
      return `${prefix('states')}:stateMachine:${name}`;
    case 'AWS::Lambda::Function':
      return `${prefix('lambda')}:function:${name}`;
    case 'AWS::IAM::Role':
      return `arn:aws:iam::${twinAccountId}:role/${name}`;
    case 'AWS::SQS::Queue':
      return `${prefix('sqs')}:${name}`;
    case 'AWS::SNS::Topic':
      return `${prefix('sns')}:${name}`;
    case 'AWS::SecretsManager::Secret':
      return `${prefix('secretsmanager')}:secret:${name}`;
    case 'AWS::Logs::LogGroup':
      return `${prefix('logs')}:log-group:${name}:*`;
    case 'AWS::Events::Rule':
      return `${prefix('events')}:rule/${name}`;
    default: {
      const [, service = 'twin', kind = 'resource'] = type.split('::');
      return `${prefix(service.toLowerCase())}:${kind.toLowerCase()}/${name}`;
    }
  }
}

function sub(argument: unknown, ctx: IntrinsicContext): string {
  const [template, variables] = Array.isArray(argument) ? argument : [argument, {}];
  if (typeof template !== 'string') throw new Error('Fn::Sub needs a string or [string, variables]');
  const values = isRecord(variables) ? (resolveValue(variables, ctx) as Record<string, unknown>) : {};
  return template.replace(/\$\{([^}]*)\}/g, (_match, expression: string) => {
    if (expression.startsWith('!')) return `\${${expression.slice(1)}}`;
    if (expression in values) return String(values[expression]);
    if (expression in pseudoParameters) return String(pseudoParameters[expression]);
    const dot = expression.indexOf('.');
    if (dot > 0) return getAtt(ctx.template, expression.slice(0, dot), expression.slice(dot + 1));
    return String(ref(expression, ctx));
  });
}

function evaluateCondition(name: string, ctx: IntrinsicContext): boolean {
  const condition = sectionOf(ctx.template, 'Conditions')[name];
  if (condition === undefined) throw new Error(`The template has no condition named ${name}`);
  return evaluateConditionExpression(condition, ctx);
}

function evaluateConditionExpression(expression: unknown, ctx: IntrinsicContext): boolean {
  if (typeof expression === 'boolean') return expression;
  if (!isRecord(expression)) throw new Error(`Not a condition: ${JSON.stringify(expression)}`);
  if (typeof expression.Condition === 'string') return evaluateCondition(expression.Condition, ctx);
  const operands = (name: string) => {
    const value = expression[name];
    if (!Array.isArray(value)) throw new Error(`${name} needs a list`);
    return value;
  };
  if ('Fn::Equals' in expression) {
    const [left, right] = operands('Fn::Equals').map((item) => JSON.stringify(resolveValue(item, ctx)));
    return left === right;
  }
  if ('Fn::Not' in expression) return !evaluateConditionExpression(operands('Fn::Not')[0], ctx);
  if ('Fn::And' in expression) return operands('Fn::And').every((item) => evaluateConditionExpression(item, ctx));
  if ('Fn::Or' in expression) return operands('Fn::Or').some((item) => evaluateConditionExpression(item, ctx));
  throw new Error(`The twin cannot evaluate the condition ${JSON.stringify(expression)}`);
}

/** Resources of one type that exist (their Condition, if any, holds), by logical id. */
export function resourcesOfType(
  template: CloudFormationTemplate,
  type: string,
): Record<string, CloudFormationResource> {
  const found: Record<string, CloudFormationResource> = {};
  for (const [logicalId, resource] of Object.entries(sectionOf(template, 'Resources'))) {
    if (!isRecord(resource) || resource.Type !== type) continue;
    if (typeof resource.Condition === 'string' && !evaluateCondition(resource.Condition, { template })) continue;
    found[logicalId] = resource as unknown as CloudFormationResource;
  }
  return found;
}

/**
 * The twin's name for a resource: the name the template gives it, else its logical id
 * (buckets: lower-cased and trimmed to a valid S3 bucket name).
 */
export function physicalName(template: CloudFormationTemplate, logicalId: string): string {
  const resource = resourceOf(template, logicalId);
  const nameProperty = nameProperties[resource.Type];
  const explicit = nameProperty ? resource.Properties?.[nameProperty] : undefined;
  const name = explicit === undefined ? logicalId : String(resolveIntrinsics(explicit, { template }));
  if (resource.Type !== 'AWS::S3::Bucket') return name;
  const bucket = name
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '-')
    .slice(0, 63)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  return bucket.length >= 3 ? bucket : `${bucket}-bucket`;
}

/** A Lambda function's `Environment.Variables`, resolved. */
export function functionEnvironment(template: CloudFormationTemplate, logicalId: string): Record<string, string> {
  const resource = resourceOf(template, logicalId);
  const environment = resolveIntrinsics(resource.Properties?.Environment, { template });
  const variables = isRecord(environment) && isRecord(environment.Variables) ? environment.Variables : {};
  return Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, String(value)]));
}

/** The template's state machine (the only one, or the one named): its ASL and which Lambda each Task calls. */
export function stateMachineDefinition(template: CloudFormationTemplate, logicalId?: string): StateMachineTemplate {
  const machines = Object.keys(resourcesOfType(template, 'AWS::StepFunctions::StateMachine'));
  const id = logicalId ?? machines[0];
  if (id === undefined || (logicalId === undefined && machines.length !== 1)) {
    throw new Error(`Expected one AWS::StepFunctions::StateMachine in the template, found ${machines.length}`);
  }
  const properties = resourceOf(template, id).Properties ?? {};
  let definition: unknown;
  if (properties.DefinitionString !== undefined) {
    let text = String(resolveIntrinsics(properties.DefinitionString, { template }));
    const substitutions = resolveIntrinsics(properties.DefinitionSubstitutions ?? {}, { template });
    for (const [key, value] of Object.entries(isRecord(substitutions) ? substitutions : {})) {
      text = text.split(`\${${key}}`).join(String(value));
    }
    definition = JSON.parse(text);
  } else {
    definition = resolveIntrinsics(properties.Definition, { template });
  }
  if (!isRecord(definition) || typeof definition.StartAt !== 'string' || !isRecord(definition.States)) {
    throw new Error(`State machine ${id} has no readable definition (DefinitionString or Definition)`);
  }
  const asl = definition as AslDefinition;
  return {
    logicalId: id,
    name: physicalName(template, id),
    arn: arnOf(template, id),
    definition: asl,
    taskFunctions: taskFunctionsOf(template, asl),
  };
}

function taskFunctionsOf(template: CloudFormationTemplate, definition: AslDefinition): Record<string, string> {
  const byName = new Map<string, string>();
  for (const logicalId of Object.keys(resourcesOfType(template, 'AWS::Lambda::Function'))) {
    byName.set(physicalName(template, logicalId), logicalId);
  }
  const found: Record<string, string> = {};
  for (const [stateName, state] of allStates(definition)) {
    if (state.Type !== 'Task') continue;
    const parameters = isRecord(state.Parameters) ? state.Parameters : {};
    const target = String(parameters.FunctionName ?? state.Resource ?? '');
    const functionName = /^arn:aws:lambda:[^:]*:[^:]*:function:([^:]+)/.exec(target)?.[1] ?? target.split(':')[0];
    const lambda = functionName === undefined ? undefined : byName.get(functionName);
    if (lambda) found[stateName] = lambda;
  }
  return found;
}

/** Every state of a definition, including those inside Map and Parallel states. */
export function allStates(definition: Pick<AslDefinition, 'States'>): [string, AslState][] {
  const found: [string, AslState][] = [];
  for (const [name, state] of Object.entries(definition.States)) {
    found.push([name, state]);
    for (const nested of [
      state.Iterator,
      state.ItemProcessor,
      ...(Array.isArray(state.Branches) ? state.Branches : []),
    ]) {
      if (isRecord(nested) && isRecord(nested.States)) found.push(...allStates(nested as AslDefinition));
    }
  }
  return found;
}
