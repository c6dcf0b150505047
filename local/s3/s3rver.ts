// S3 for the twin: s3rver (files under `directory`) with the template's buckets and CORS rules,
// plus what s3rver lacks and the product relies on: `If-None-Match: *` refuses to overwrite, a PUT
// replaces the object atomically (a reader sees one whole version, bytes and metadata, never a
// part of one or a mix of two), and an unsigned bucket request is refused as with public access
// blocked.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type CloudFormationTemplate,
  physicalName,
  resolveIntrinsics,
  resourcesOfType,
} from '#local/cloudformation/template.ts';

/** s3rver accepts only this key pair (real SigV4 signatures are not checked, only the key and expiry). */
export const S3RVER_ACCESS_KEY_ID = 'S3RVER';
export const S3RVER_SECRET_ACCESS_KEY = 'S3RVER';

/** A CORS rule as CloudFormation writes it (`AWS::S3::Bucket` `CorsConfiguration.CorsRules`). */
export interface CorsRule {
  AllowedMethods: string[];
  AllowedOrigins: string[];
  AllowedHeaders?: string[];
  ExposedHeaders?: string[];
  MaxAge?: number;
  Id?: string;
}

export interface BucketSpec {
  name: string;
  cors?: CorsRule[];
}

export interface S3Options {
  /** Where objects live; s3rver has no in-memory store. */
  directory: string;
  /** A free port is picked when absent. */
  port?: number;
  buckets: BucketSpec[];
}

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

// s3rver is CommonJS without type declarations; these are the parts the twin touches.
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
  get(header: string): string;
  body?: unknown;
  store: { existsObject(bucket: string, key: string): Promise<boolean> };
}
type Middleware = (ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>;
interface StoredObject {
  bucket: string;
  key: string;
  metadata: Record<string, string>;
  content: Buffer | Readable;
}
interface ByteRange {
  start?: number;
  end?: number;
}
interface FilesystemStore {
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  deleteObject(bucket: string, key: string): Promise<void>;
  deleteSubresource(bucket: string, key: undefined, type: string): Promise<void>;
  getResourcePath(bucket: string, key: string, resource: 'object' | 'object.md5' | 'metadata.json'): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, string>>;
  getObject(bucket: string, key: string, options?: ByteRange): Promise<unknown>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}
interface S3rverInstance {
  middleware: Middleware[];
  store: FilesystemStore;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;
type S3ErrorConstructor = new (code: string, message: string, detail?: Record<string, string>) => Error;

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverConstructor;
const S3Error = require('s3rver/lib/models/error.js') as S3ErrorConstructor;
const S3Object = require('s3rver/lib/models/object.js') as {
  new (
    bucket: string,
    key: string,
    content: Readable | null,
    metadata: Record<string, string>,
  ): { range?: { start: number; end: number } };
  /** The system metadata s3rver keeps (content-type and the like); user metadata is x-amz-meta-*. */
  ALLOWED_METADATA: string[];
};
const corsMiddleware = require('s3rver/lib/middleware/cors.js') as () => Middleware;

export async function startS3(options: S3Options): Promise<LocalS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory: resolve(options.directory),
    // Path-style only (the twin's clients use forcePathStyle): a host name is never a bucket.
    vhostBuckets: false,
    configureBuckets: options.buckets.map((bucket) => ({
      name: bucket.name,
      configs: bucket.cors?.length ? [corsXml(bucket.cors)] : [],
    })),
  });
  const { store } = server;
  const deleteObject = store.deleteObject.bind(store);
  // One writer or reader of a key's files at a time: a PUT's rename of the bytes and its writes of
  // the metadata land together, and a GET reads the metadata and opens the bytes of one version.
  const oneAtATime = keyedQueue();
  store.putObject = (object) => putObjectAtomically(store, object, oneAtATime);
  store.getObject = (bucket, key, range) =>
    oneAtATime(`${bucket}/${key}`, () => getObjectAsStored(store, bucket, key, range));
  store.deleteObject = (bucket, key) => oneAtATime(`${bucket}/${key}`, () => deleteObject(bucket, key));
  store.putMetadata = (bucket, key, metadata, md5) => putMetadataAtomically(store, bucket, key, metadata, md5);
  // After vhost normalisation (so ctx.path is /bucket/key), before the router.
  server.middleware.splice(
    server.middleware.length - 1,
    0,
    refuseAnonymousBucketRequests,
    refuseOverwriteWhenIfNoneMatch,
  );
  // Around everything, errors included.
  server.middleware.unshift(closeUnsentObjects);
  // A bucket whose CORS rules were removed from the template loses them here too.
  for (const bucket of options.buckets) {
    if (!bucket.cors?.length) await server.store.deleteSubresource(bucket.name, undefined, 'cors');
  }
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/**
 * s3rver writes an object in place, and answers a PUT of a small body before its bytes are on
 * disk, so a GET right after (a file a step reads just after another wrote it) could read half of it. S3
 * replaces objects atomically; here the bytes go to a temporary file that is renamed over the
 * object once complete, in the same turn of the key's queue as the metadata that goes with them.
 */
async function putObjectAtomically(store: FilesystemStore, object: StoredObject, oneAtATime: KeyedQueue) {
  const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  const partial = `${objectPath}.${randomUUID()}.part`;
  const md5 = createHash('md5');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  try {
    await pipeline(source, measure, createWriteStream(partial));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const digest = md5.digest('hex');
  await oneAtATime(`${object.bucket}/${object.key}`, async () => {
    await rename(partial, objectPath);
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
  });
  return { size, md5: digest };
}

/**
 * s3rver truncates and rewrites the metadata file in place, so a reader could parse half a JSON
 * (answered as 500 InternalError). Each file is written whole under another name and renamed.
 */
async function putMetadataAtomically(
  store: FilesystemStore,
  bucket: string,
  key: string,
  metadata: Record<string, string>,
  md5?: string,
): Promise<void> {
  const kept = Object.fromEntries(
    Object.entries(metadata).filter(
      ([name]) => S3Object.ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-'),
    ),
  );
  if (md5) await writeWhole(store.getResourcePath(bucket, key, 'object.md5'), md5);
  await writeWhole(store.getResourcePath(bucket, key, 'metadata.json'), JSON.stringify(kept, null, 2));
}

async function writeWhole(path: string, contents: string): Promise<void> {
  const partial = `${path}.${randomUUID()}.part`;
  try {
    await writeFile(partial, contents);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

type KeyedQueue = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** Runs work for one key after the work queued before it for that key has settled. */
function keyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return async (key, work) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/**
 * s3rver's GET reads as many bytes as the metadata's content-length, which a concurrent PUT may
 * not have rewritten yet. Here the length is the opened file's own, so a reader gets one whole
 * version of the object.
 */
async function getObjectAsStored(store: FilesystemStore, bucket: string, key: string, options?: ByteRange) {
  let file: Awaited<ReturnType<typeof open>>;
  let metadata: Record<string, string>;
  try {
    metadata = await store.getMetadata(bucket, key);
    file = await open(store.getResourcePath(bucket, key, 'object'), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { size } = await file.stat();
  metadata['content-length'] = String(size);
  const lastByte = Math.max(0, size - 1);
  const range = { start: options?.start || 0, end: Math.min(options?.end || Number.POSITIVE_INFINITY, lastByte) };
  const satisfiable = range.start >= 0 && range.end >= range.start;
  if (!satisfiable) await file.close();
  const content = satisfiable ? file.createReadStream(range) : null;
  if (content) requestObjects.getStore()?.push(content);
  const object = new S3Object(bucket, key, content, metadata);
  if (options && (options.start !== undefined || options.end)) object.range = range;
  return object;
}

/** The object streams opened while answering the current request (closeUnsentObjects). */
const requestObjects = new AsyncLocalStorage<Readable[]>();

/**
 * s3rver opens an object's bytes and then may answer without them — 304 to a conditional GET
 * (a browser re-reading a poster or preview), an error — and never closes them; Node then closes
 * the file handle on garbage collection, with a warning. After each request, an opened stream
 * that is not the response's body is closed here (one that is, koa closes when the response ends).
 */
const closeUnsentObjects: Middleware = (ctx, next) => {
  const opened: Readable[] = [];
  return requestObjects.run(opened, async () => {
    try {
      await next();
    } finally {
      for (const stream of opened) if (stream !== ctx.body) stream.destroy();
    }
  });
};

/**
 * The stack's buckets block public access: S3 answers an unsigned request for a bucket or for the
 * account's bucket list (ListObjects, ListObjectsV2, ListBuckets, and any other bucket operation)
 * with 403 AccessDenied. s3rver serves them to anyone. Signed and presigned requests go on to
 * s3rver's own checks; a CORS preflight, which S3 answers without credentials, goes on too.
 */
const refuseAnonymousBucketRequests: Middleware = async (ctx, next) => {
  const [, bucket = '', ...key] = ctx.path.split('/');
  const namesAnObject = bucket !== '' && key.join('/') !== '';
  if (!namesAnObject && ctx.method !== 'OPTIONS' && isAnonymous(ctx)) {
    throw new S3Error('AccessDenied', 'Access Denied', {
      RequestId: randomBytes(8).toString('hex').toUpperCase(),
      HostId: randomBytes(32).toString('base64'),
    });
  }
  return next();
};

/** No credentials in any of the three places S3 reads them from (the header, a V2 or a V4 presigned URL). */
function isAnonymous(ctx: KoaContext): boolean {
  const query = Object.keys(ctx.query).map((name) => name.toLowerCase());
  return ctx.get('authorization') === '' && !query.includes('signature') && !query.includes('x-amz-algorithm');
}

/**
 * S3 conditional write: with `If-None-Match: *`, PutObject / CompleteMultipartUpload fail with
 * 412 PreconditionFailed when the key exists. Not atomic under concurrent writers, unlike S3.
 */
const refuseOverwriteWhenIfNoneMatch: Middleware = async (ctx, next) => {
  const isPut = ctx.method === 'PUT' && ctx.query.uploadId === undefined;
  const isCompleteUpload = ctx.method === 'POST' && ctx.query.uploadId !== undefined;
  if ((isPut || isCompleteUpload) && ctx.get('if-none-match').trim() === '*') {
    const [, bucket = '', ...key] = ctx.path.split('/').map((part) => decodeURIComponent(part));
    if (key.length && (await ctx.store.existsObject(bucket, key.join('/')))) {
      // Browsers only see the 412 if it carries the bucket's CORS headers, as S3's errors do.
      ctx.params = { bucket, key: key.join('/') };
      await corsMiddleware()(ctx, async () => undefined);
      throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
        Condition: 'If-None-Match',
      });
    }
  }
  return next();
};

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** CloudFormation CORS rules as the CORSConfiguration XML s3rver reads. */
export function corsXml(rules: CorsRule[]): string {
  const element = (name: string, values: readonly (string | number)[] = []) =>
    values.map((value) => `<${name}>${escapeXml(String(value))}</${name}>`).join('');
  const body = rules
    .map(
      (rule) =>
        `<CORSRule>${element('ID', rule.Id ? [rule.Id] : [])}${element('AllowedOrigin', rule.AllowedOrigins)}` +
        `${element('AllowedMethod', rule.AllowedMethods)}${element('AllowedHeader', rule.AllowedHeaders)}` +
        `${element('ExposeHeader', rule.ExposedHeaders)}${element('MaxAgeSeconds', rule.MaxAge === undefined ? [] : [rule.MaxAge])}</CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${body}</CORSConfiguration>`;
}

/** Every `AWS::S3::Bucket` of the template with its twin name and CORS rules. */
export function bucketsFromTemplate(template: CloudFormationTemplate): BucketSpec[] {
  return Object.entries(resourcesOfType(template, 'AWS::S3::Bucket')).map(([logicalId, resource]) => {
    const cors = resolveIntrinsics(resource.Properties?.CorsConfiguration, { template }) as
      | { CorsRules?: CorsRule[] }
      | undefined;
    const name = physicalName(template, logicalId);
    return cors?.CorsRules?.length ? { name, cors: cors.CorsRules } : { name };
  });
}
