// The render function as Lambda would run it. The deployed RenderFunction construct is synthesized
// with bundling into a temporary cdk.out; its staged asset is checked file by file (modes, ELF
// machine, size); then its bundle's handler is run from that directory by an unprivileged user
// (Lambda runs code as a user that owns none of it), the directory read-only to that user as
// /var/task is, against real emulators: s3rver for the buckets, DynamoDB Local for the order.
import { execFile } from 'node:child_process';
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderedFile, type RenderRequest, renderKeys } from '#generation/generation-state.ts';
import { probeMedia } from '#generation/media/probe-media.ts';
import { RenderFunction } from '#lib/generation/render-function.ts';
import { isLambdaBinary, readBinaryFormat, readHeader } from '#lib/shared/native-binaries.ts';
import { type DynamoDbLocal, startDynamoDbLocal } from '#local/dynamodb/dynamodb-local.ts';
import { type LocalS3, S3RVER_ACCESS_KEY_ID, S3RVER_SECRET_ACCESS_KEY, startS3 } from '#local/s3/s3rver.ts';
import { makeTestC2paSigner, type TestC2paSigner } from '#local/secrets-manager/c2pa-test-signer.ts';
import { envNames } from '#shared/runtime-env.ts';
import { northwindStoryboard, writeProductPhoto } from '../../support/ad-fixtures.ts';
import { expectedAiLabel, readAiLabel } from '../../support/ai-label.ts';
import { blankPng } from '../../support/hostile-images.ts';

const run = promisify(execFile);
/** Lambda's limit on a function's unzipped code (250 MB). */
const lambdaUnzippedLimitBytes = 262_144_000;
/** nobody:nogroup, who owns none of the staged files. */
const unprivileged = 65534;
const buckets = { images: 'images', videos: 'videos' };
const ordersTable = 'orders';

let root = '';
let taskRoot = '';
let functionEnvironment: Record<string, string> = {};
let synthSeconds = 0;
let s3Emulator: LocalS3;
let dynamo: DynamoDbLocal;
let s3: S3Client;
let testSigner: TestC2paSigner;

beforeAll(async () => {
  // Traversable by nobody, like the path to /var/task (mkdtemp makes it 0700).
  root = await mkdtemp(join(tmpdir(), 'render-asset-'));
  await chmod(root, 0o755);
  const emulators = Promise.all([
    startS3({ directory: join(root, 's3'), buckets: [{ name: buckets.images }, { name: buckets.videos }] }),
    startDynamoDbLocal(),
  ]);

  const started = performance.now();
  // CloudFormation's own template rules are the infra tests' business, and slow.
  const app = new App({ outdir: join(root, 'cdk.out'), builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'RenderAsset');
  const render = new RenderFunction(stack, 'Render');
  const assembly = app.synth();
  synthSeconds = (performance.now() - started) / 1000;
  await chmod(assembly.directory, 0o755);
  const assets = JSON.parse(await readFile(join(assembly.directory, 'RenderAsset.assets.json'), 'utf8')) as {
    files: Record<string, { source: { path: string; packaging: string } }>;
  };
  const [code] = Object.values(assets.files).filter((asset) => asset.source.packaging === 'zip');
  taskRoot = join(assembly.directory, code?.source.path ?? 'missing');
  const resource = assembly.getStackByName(stack.stackName).template.Resources[
    stack.getLogicalId(render.node.defaultChild as CfnElement)
  ] as { Properties: { Environment: { Variables: Record<string, string> } } };
  functionEnvironment = resource.Properties.Environment.Variables;

  [s3Emulator, dynamo] = await emulators;
  testSigner = await makeTestC2paSigner();
  s3 = new S3Client({
    endpoint: s3Emulator.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: S3RVER_SECRET_ACCESS_KEY },
  });
  const dynamoDb = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await dynamoDb.send(
    new CreateTableCommand({
      TableName: ordersTable,
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  for (const orderId of ['order-photo', 'order-bomb']) {
    await dynamoDb.send(
      new PutItemCommand({
        TableName: ordersTable,
        Item: { id: { S: orderId }, order_status: { S: 'processing' } },
      }),
    );
  }

  // No node_modules above the task root: the bundle carries the AWS SDK itself, and nothing of the
  // project can stand in for what it lacks.
  // The invocation's own writable place, as /tmp is in Lambda.
  await mkdir(join(root, 'tmp'), { mode: 0o700 });
  await chown(join(root, 'tmp'), unprivileged, unprivileged);
  await writeFile(
    join(root, 'invoke.mjs'),
    [
      "import { join } from 'node:path';",
      "import { pathToFileURL } from 'node:url';",
      "const { handler } = await import(pathToFileURL(join(process.env.LAMBDA_TASK_ROOT, 'index.mjs')).href);",
      // The task's answer, as Step Functions would get it, on a log line of its own.
      'const result = await handler(JSON.parse(process.argv[2]));',
      "console.log(JSON.stringify({ message: 'task result', result }));",
    ].join('\n'),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([s3Emulator?.stop(), dynamo?.stop()]);
  await rm(root, { recursive: true, force: true });
});

interface StagedEntry {
  path: string;
  mode: number;
  isDirectory: boolean;
  size: number;
}

async function stagedEntries(): Promise<StagedEntry[]> {
  const paths = ['', ...(await readdir(taskRoot, { recursive: true }))];
  return Promise.all(
    paths.map(async (path) => {
      const stats = await lstat(join(taskRoot, path));
      return { path, mode: stats.mode & 0o777, isDirectory: stats.isDirectory(), size: stats.size };
    }),
  );
}

/** Invokes the staged bundle's handler as nobody, the way Lambda would, and returns its log records. */
async function invokeAsUnprivileged(
  request: Omit<RenderRequest, 'afterFootage'>,
): Promise<{ message: string; reason?: string; result?: RenderedFile }[]> {
  const taskEnvironment = Object.fromEntries(
    Object.entries(functionEnvironment).map(([name, value]) => [name, value.replaceAll('/var/task', taskRoot)]),
  );
  const { stdout, stderr } = await run(
    'setpriv',
    [
      `--reuid=${unprivileged}`,
      `--regid=${unprivileged}`,
      '--clear-groups',
      '--',
      process.execPath,
      join(root, 'invoke.mjs'),
      JSON.stringify({ request: { ...request, afterFootage: false }, item: { format: 'vertical-720' } }),
    ],
    {
      cwd: taskRoot,
      env: {
        ...taskEnvironment,
        PATH: '/usr/bin:/bin',
        HOME: join(root, 'tmp'),
        TMPDIR: join(root, 'tmp'),
        LAMBDA_TASK_ROOT: taskRoot,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: S3RVER_ACCESS_KEY_ID,
        AWS_SECRET_ACCESS_KEY: S3RVER_SECRET_ACCESS_KEY,
        AWS_ENDPOINT_URL_S3: s3Emulator.endpoint,
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        [envNames.ordersTable]: ordersTable,
        [envNames.imagesBucket]: buckets.images,
        [envNames.videosBucket]: buckets.videos,
        // The plain value, as on the twin: this function's template has no stage to name a secret.
        [envNames.c2paSigner]: JSON.stringify(testSigner.signer),
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  // Powertools writes INFO lines to stdout and WARN/ERROR lines to stderr, one JSON object each.
  return `${stdout}\n${stderr}`
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { message: string; reason?: string; result?: RenderedFile });
}

/** The file the render task answered with. */
function taskResult(logs: { message: string; result?: RenderedFile }[]): RenderedFile | undefined {
  return logs.find(({ message }) => message === 'task result')?.result;
}

async function downloadVideo(orderId: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: buckets.videos, Key: renderKeys(orderId).video }));
  const path = join(root, `${orderId}.mp4`);
  await writeFile(path, await object.Body!.transformToByteArray());
  return path;
}

const fourSecondStoryboard = (uploadKey: string) => northwindStoryboard('direct-response', 4, uploadKey);

describe('the staged render asset', () => {
  it('gives every file to any user to read, native code to run, and nothing to write', async () => {
    // Act
    const entries = await stagedEntries();

    // Assess
    const native = entries.filter(
      ({ path, isDirectory }) =>
        !isDirectory && (path.endsWith('.node') || readBinaryFormat(readHeader(join(taskRoot, path))).format === 'elf'),
    );
    expect(native.map(({ path }) => path).sort()).toEqual([
      'c2pa-node.node',
      'ffmpeg',
      'ffprobe',
      expect.stringMatching(/^node_modules\/@img\/sharp-libvips-linux-x64\/lib\/libvips-cpp\.so\.[\d.]+$/),
      expect.stringMatching(/^node_modules\/@img\/sharp-linux-x64\/lib\/sharp-linux-x64-[\d.]+\.node$/),
    ]);
    for (const { path, mode } of native) {
      expect({ path, mode: mode.toString(8) }).toEqual({ path, mode: '755' });
      expect(isLambdaBinary(readBinaryFormat(readHeader(join(taskRoot, path))), 'x86_64')).toBe(true);
    }
    for (const { path, mode, isDirectory } of entries) {
      expect({ path, readableByAll: (mode & 0o444) === 0o444, writableByOthers: (mode & 0o022) !== 0 }).toEqual({
        path,
        readableByAll: true,
        writableByOthers: false,
      });
      if (isDirectory) expect({ path, mode: mode.toString(8) }).toEqual({ path, mode: '755' });
    }
    const bytes = entries.reduce((sum, { size, isDirectory }) => sum + (isDirectory ? 0 : size), 0);
    console.info(
      `render asset: ${(bytes / 1e6).toFixed(1)} MB unzipped, bundled and staged in ${synthSeconds.toFixed(1)} s`,
    );
    expect(bytes).toBeLessThan(lambdaUnzippedLimitBytes);
  });

  it('carries no private key: the twin and the tests make their C2PA test signer when they start', async () => {
    // Act
    const files = (await stagedEntries()).filter(({ isDirectory, size }) => !isDirectory && size < 20_000_000);
    const withKeys: string[] = [];
    for (const { path } of files) {
      // A PEM key block, not the words: the signer's parser names the marker it expects.
      if (
        /-----BEGIN [A-Z ]*PRIVATE KEY-----\s+[A-Za-z0-9+/]{40}/.test(
          (await readFile(join(taskRoot, path))).toString('latin1'),
        )
      )
        withKeys.push(path);
    }

    // Assess
    expect(withKeys).toEqual([]);
  });

  it('renders a 4 s ad as an unprivileged user, the upload cleaned by the bundled sharp', async () => {
    // Prepare
    const orderId = 'order-photo';
    const photo = await readFile(await writeProductPhoto(root));
    await s3.send(new PutObjectCommand({ Bucket: buckets.images, Key: 'northwind.jpg', Body: photo }));
    const started = performance.now();

    // Act
    const logs = await invokeAsUnprivileged({ orderId, storyboard: await fourSecondStoryboard('northwind.jpg') });

    // Assess
    console.info(`render as nobody from the staged asset: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(logs.filter(({ message }) => message === 'Footage image not used')).toEqual([]);
    expect(taskResult(logs)).toMatchObject({
      videoKey: renderKeys(orderId).video,
      posterKey: renderKeys(orderId).poster,
    });
    const path = await downloadVideo(orderId);
    const video = await probeMedia(path);
    expect(video.video).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    expect(Math.abs(video.durationSeconds - 4)).toBeLessThanOrEqual(0.05);
    // Labelled by the bundle's own C2PA addon (C2PA_LIBRARY_PATH), as nobody, with /tmp the only writable place.
    expect(await readAiLabel(await readFile(path), testSigner.rootCertificate)).toEqual(expectedAiLabel);
  });

  it('drops a decompression-bomb upload with its reason and still makes the ad on the brand background', async () => {
    // Prepare
    const orderId = 'order-bomb';
    const bomb = await blankPng({ width: 30_000, height: 30_000, bitDepth: 1, colourType: 0 });
    await s3.send(new PutObjectCommand({ Bucket: buckets.images, Key: 'bomb.png', Body: bomb }));

    // Act
    const logs = await invokeAsUnprivileged({ orderId, storyboard: await fourSecondStoryboard('bomb.png') });

    // Assess
    expect(logs.filter(({ message }) => message === 'Footage image not used')).toEqual([
      expect.objectContaining({ image: 'upload', reason: 'Input image exceeds pixel limit' }),
    ]);
    expect(taskResult(logs)).toMatchObject({ videoKey: renderKeys(orderId).video });
  });
});
