import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bucketsFromTemplate,
  type LocalS3,
  S3RVER_ACCESS_KEY_ID,
  S3RVER_SECRET_ACCESS_KEY,
  startS3,
} from '#local/s3/s3rver.ts';

const siteOrigin = 'http://localhost:3000';

// Two buckets as CDK synthesizes them: uploads with CORS for the site, videos without.
const template = {
  Resources: {
    AdImagesBucket1A2B3C4D: {
      Type: 'AWS::S3::Bucket',
      Properties: {
        CorsConfiguration: {
          CorsRules: [
            {
              AllowedHeaders: ['content-type', 'if-none-match'],
              AllowedMethods: ['PUT', 'GET', 'HEAD'],
              AllowedOrigins: [siteOrigin],
              ExposedHeaders: ['ETag'],
              MaxAge: 3000,
            },
          ],
        },
      },
    },
    VideosBucket9F8E7D6C: { Type: 'AWS::S3::Bucket', Properties: {} },
  },
};

describe('S3 for the twin', () => {
  let directory = '';
  let s3: LocalS3;
  let client: S3Client;
  let uploadsBucket = '';
  let videosBucket = '';

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'reelfive-s3-'));
    const buckets = bucketsFromTemplate(template);
    [uploadsBucket = '', videosBucket = ''] = buckets.map((bucket) => bucket.name);
    s3 = await startS3({ directory, buckets });
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: S3RVER_SECRET_ACCESS_KEY },
    });
  });

  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  const presignedUpload = (key: string, contentType: string) =>
    getSignedUrl(client, new PutObjectCommand({ Bucket: uploadsBucket, Key: key, ContentType: contentType }), {
      expiresIn: 300,
      signableHeaders: new Set(['content-type']),
    });

  it('reads bucket names and CORS rules from the template', () => {
    // Act
    const buckets = bucketsFromTemplate(template);

    // Assess
    expect(buckets).toEqual([
      {
        name: 'adimagesbucket1a2b3c4d',
        cors: template.Resources.AdImagesBucket1A2B3C4D.Properties.CorsConfiguration.CorsRules,
      },
      { name: 'videosbucket9f8e7d6c' },
    ]);
  });

  it('accepts a presigned PUT with its signed content type once and refuses a second one with If-None-Match', async () => {
    // Prepare
    const url = await presignedUpload('uploads/once.png', 'image/png');
    const put = (body: string) =>
      fetch(url, { method: 'PUT', body, headers: { 'content-type': 'image/png', 'if-none-match': '*' } });

    // Act
    const first = await put('first');
    const second = await put('second');

    // Assess
    expect(url).toContain('X-Amz-SignedHeaders=content-type%3Bhost');
    expect(first.status).toBe(200);
    expect(second.status).toBe(412);
    expect(await second.text()).toContain('<Code>PreconditionFailed</Code>');
    const stored = await client.send(new GetObjectCommand({ Bucket: uploadsBucket, Key: 'uploads/once.png' }));
    expect(await stored.Body?.transformToString()).toBe('first');
    expect(stored.ContentType).toBe('image/png');
  });

  it('answers PreconditionFailed to the SDK when IfNoneMatch meets an existing key', async () => {
    // Prepare
    await client.send(new PutObjectCommand({ Bucket: videosBucket, Key: 'ads/a.mp4', Body: 'v1' }));

    // Act
    const overwrite = await client
      .send(new PutObjectCommand({ Bucket: videosBucket, Key: 'ads/a.mp4', Body: 'v2', IfNoneMatch: '*' }))
      .catch((error: unknown) => error);
    const fresh = await client.send(
      new PutObjectCommand({ Bucket: videosBucket, Key: 'ads/b.mp4', Body: 'v1', IfNoneMatch: '*' }),
    );

    // Assess
    expect(overwrite).toBeInstanceOf(S3ServiceException);
    expect((overwrite as S3ServiceException).name).toBe('PreconditionFailed');
    expect((overwrite as S3ServiceException).$metadata.httpStatusCode).toBe(412);
    expect(fresh.ETag).toBeTruthy();
  });

  it('gives the 412 the CORS headers a browser needs to read it', async () => {
    // Prepare
    const url = await presignedUpload('uploads/browser.png', 'image/png');
    const headers = { 'content-type': 'image/png', 'if-none-match': '*', origin: siteOrigin };
    await fetch(url, { method: 'PUT', body: 'one', headers });

    // Act
    const refused = await fetch(url, { method: 'PUT', body: 'two', headers });

    // Assess
    expect(refused.status).toBe(412);
    expect(refused.headers.get('access-control-allow-origin')).toBe(siteOrigin);
  });

  it('serves a byte range of an object through a presigned GET', async () => {
    // Prepare
    const body = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
    await client.send(
      new PutObjectCommand({ Bucket: videosBucket, Key: 'ads/range.mp4', Body: body, ContentType: 'video/mp4' }),
    );
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: videosBucket, Key: 'ads/range.mp4' }), {
      expiresIn: 300,
    });

    // Act
    const response = await fetch(url, { headers: { range: 'bytes=100-199' } });
    const bytes = Buffer.from(await response.arrayBuffer());

    // Assess
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(bytes.equals(body.subarray(100, 200))).toBe(true);
  });

  it('closes the object it opened for a conditional GET answered 304 (no file handle left to the GC)', async () => {
    // Prepare
    await client.send(
      new PutObjectCommand({ Bucket: videosBucket, Key: 'ads/poster.jpg', Body: 'poster', ContentType: 'image/jpeg' }),
    );
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: videosBucket, Key: 'ads/poster.jpg' }), {
      expiresIn: 300,
    });
    const etag = (await fetch(url)).headers.get('etag') ?? '';
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();

    // Act: a browser re-reading the poster it has cached, many times.
    const statuses = [];
    for (let read = 0; read < 40; read++) {
      const response = await fetch(url, { headers: { 'if-none-match': etag } });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    // The streams close on the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Assess: one open file per unanswered read would be 40 more.
    expect(new Set(statuses)).toEqual(new Set([304]));
    expect(openFiles() - before).toBeLessThan(10);
  });

  it('refuses an anonymous bucket listing and bucket list with 403 AccessDenied, as S3 with public access blocked does', async () => {
    // Prepare
    await client.send(new PutObjectCommand({ Bucket: videosBucket, Key: 'ads/listed.mp4', Body: 'v1' }));

    // Act
    const anonymous = await Promise.all(
      [
        `/${videosBucket}`,
        `/${videosBucket}/`,
        `/${videosBucket}?list-type=2`,
        `/${uploadsBucket}?prefix=uploads/`,
        '/',
      ].map(async (path) => {
        const response = await fetch(`${s3.endpoint}${path}`);
        return { path, status: response.status, body: await response.text() };
      }),
    );
    const anonymousDelete = await fetch(`${s3.endpoint}/${videosBucket}`, { method: 'DELETE' });
    const signed = await client.send(new ListObjectsV2Command({ Bucket: videosBucket, Prefix: 'ads/' }));

    // Assess
    for (const answer of anonymous) {
      expect(answer.status, answer.path).toBe(403);
      expect(answer.body, answer.path).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code><Message>Access Denied<\/Message><RequestId>[0-9A-F]{16}<\/RequestId><HostId>[\w+/=]+<\/HostId><\/Error>$/,
      );
      expect(answer.body, answer.path).not.toContain('listed.mp4');
    }
    expect(anonymousDelete.status).toBe(403);
    expect(signed.Contents?.map((object) => object.Key)).toContain('ads/listed.mp4');
  });

  it('answers a CORS preflight from the allowed origin and refuses other origins', async () => {
    // Prepare
    const preflight = (origin: string) =>
      fetch(`${s3.endpoint}/${uploadsBucket}/uploads/any.png`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type,if-none-match',
        },
      });

    // Act
    const allowed = await preflight(siteOrigin);
    const other = await preflight('https://evil.example');

    // Assess
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('PUT, GET, HEAD');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type, if-none-match');
    expect(other.status).toBe(403);
  });

  it('gives a reader one whole version of an object that is being overwritten, as S3 does', async () => {
    const key = 'renders/status.json';
    const versions = ['{"status":"running","progress":1}', `{"status":"succeeded","note":"${'x'.repeat(300)}"}`];
    const put = (body: string) => client.send(new PutObjectCommand({ Bucket: uploadsBucket, Key: key, Body: body }));
    await put(versions[0] as string);

    const reads: string[] = [];
    await Promise.all([
      (async () => {
        for (let i = 0; i < 60; i++) await put(versions[i % 2] as string);
      })(),
      (async () => {
        for (let i = 0; i < 60; i++) {
          const object = await client.send(new GetObjectCommand({ Bucket: uploadsBucket, Key: key }));
          reads.push(await (object.Body?.transformToString() ?? ''));
        }
      })(),
    ]);

    for (const read of reads) expect(versions).toContain(read);
  });

  it('answers every read of a key being overwritten with one whole version, bytes and metadata', async () => {
    // Prepare: two versions that differ in length, content type and user metadata, read through a
    // presigned URL (no SDK retry hides a 500).
    const key = 'renders/overwritten.json';
    const versions = [
      { body: '{"status":"running"}', type: 'application/json', note: 'first' },
      { body: `{"status":"succeeded","note":"${'x'.repeat(4000)}"}`, type: 'text/plain', note: 'second'.repeat(100) },
    ];
    const put = (version: (typeof versions)[number]) =>
      client.send(
        new PutObjectCommand({
          Bucket: videosBucket,
          Key: key,
          Body: version.body,
          ContentType: version.type,
          Metadata: { note: version.note },
        }),
      );
    await put(versions[0] as (typeof versions)[number]);
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: videosBucket, Key: key }), {
      expiresIn: 300,
    });
    const reads: { status: number; body: string; type: string | null; note: string | null }[] = [];
    const readMany = async () => {
      for (let i = 0; i < 150; i++) {
        const response = await fetch(url);
        const body = await response.text();
        reads.push({
          status: response.status,
          body,
          type: response.headers.get('content-type'),
          note: response.headers.get('x-amz-meta-note'),
        });
      }
    };

    // Act
    await Promise.all([
      (async () => {
        for (let i = 0; i < 150; i++) await put(versions[i % 2] as (typeof versions)[number]);
      })(),
      readMany(),
      readMany(),
    ]);

    // Assess
    expect(reads.filter((read) => read.status !== 200)).toEqual([]);
    for (const read of reads) {
      const version = versions.find((candidate) => candidate.body === read.body);
      expect(version).toBeDefined();
      expect({ type: read.type, note: read.note }).toEqual({ type: version?.type, note: version?.note });
    }
  });

  it('keeps objects when restarted on the same directory', async () => {
    // Prepare
    await client.send(new PutObjectCommand({ Bucket: videosBucket, Key: 'ads/kept.mp4', Body: 'kept' }));
    await s3.stop();

    // Act
    s3 = await startS3({ directory, buckets: bucketsFromTemplate(template) });
    client.destroy();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_ACCESS_KEY_ID, secretAccessKey: S3RVER_SECRET_ACCESS_KEY },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: videosBucket, Key: 'ads/kept.mp4' }));

    // Assess
    expect(head.ContentLength).toBe(4);
  });
});
