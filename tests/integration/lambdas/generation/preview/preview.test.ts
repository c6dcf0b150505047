// POST /api/previews on the twin (docs/features.md "The preview before paying"): a local website read with the preview's own
// deadline, its images cleaned into our bucket, a site that cannot be read (closed, not HTML,
// refused by the SSRF guard) said plainly, bad input refused with 400, the per-IP limit, and the
// order's generation reusing what the preview read, so the ad opens with the hook the buyer saw.
import { request } from 'node:http';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unreadableSiteReason } from '#generation/preview/site-preview.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { generationConfig, serviceLimits } from '#shared/config.ts';
import { messages } from '#shared/contract.ts';
import type { PreviewResponse } from '#shared/preview-contract.ts';
import { previewResponseSchema } from '#shared/preview-contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { createPaidOrder } from '../../../support/pay.ts';
import {
  harborRoast,
  harborRoastPage,
  type PreviewSite,
  startPreviewSite,
  testSiteHosts,
  testSiteNames,
} from '../../../support/preview-site.ts';
import { callApi, type JsonAnswer, twinForSuite, uniqueEmail } from '../../../support/twin.ts';
import { pngBytes, uploadThroughApi } from '../../../support/uploads.ts';

const twin = twinForSuite({ waitScale: 0.1, testSiteHosts });
let site: PreviewSite;

beforeAll(async () => {
  site = await startPreviewSite();
});
afterAll(() => site.stop());

const preview = (body: Record<string, unknown>) =>
  callApi<PreviewResponse & { error?: string; errorCode?: string }>(twin.current, 'POST', '/api/previews', {
    style: 'cinematic',
    durationSeconds: '12',
    ...body,
  });

describe('a preview of a site that can be read', () => {
  it('shows the name, headline, claims, colours and the hook the storyboard opens with', async () => {
    // Act
    const answer = await preview({ website: site.url('readable') });

    // Assess
    expect(answer.status).toBe(200);
    const shown = previewResponseSchema.parse(answer.body);
    expect(shown).toMatchObject({
      host: testSiteNames.readable,
      readable: true,
      businessName: harborRoast.businessName,
      headline: harborRoast.headline,
      style: 'cinematic',
      durationSeconds: '12',
    });
    expect(shown.reason).toBeUndefined();
    expect(shown.claims).toEqual(expect.arrayContaining([harborRoast.claim, harborRoast.offer]));
    expect(shown.colors.primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(shown.hook.text.length).toBeGreaterThan(0);
    expect(shown.hook.voiceLine.length).toBeGreaterThan(0);
  });

  it('shows cleaned WebP copies of the site images, served from our bucket with a signed type', async () => {
    const shown = previewResponseSchema.parse((await preview({ website: site.url('readable') })).body);

    expect(shown.images.map((image) => image.source)).toEqual(expect.arrayContaining(['hero', 'product']));
    for (const image of shown.images) {
      const url = new URL(image.url);
      // Our S3 (s3rver on the twin), never the buyer's site.
      expect(url.origin).toBe(new URL(twin.current.endpoints.s3).origin);
      expect(url.searchParams.get('response-content-type')).toBe('image/webp');
      expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
      const served = await fetch(image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it("draws a still of the ad's opening frame, 360x640, from our bucket", async () => {
    const shown = previewResponseSchema.parse((await preview({ website: site.url('readable') })).body);

    const served = await fetch(shown.openingFrame ?? '');
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(new URL(shown.openingFrame ?? '').origin).toBe(new URL(twin.current.endpoints.s3).origin);
    const still = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(still).toMatchObject({ format: 'webp', width: 360, height: 640 });
  });

  it("puts the buyer's photo first when one is uploaded", async () => {
    const upload = await uploadThroughApi(twin.current, pngBytes);

    const shown = previewResponseSchema.parse(
      (await preview({ website: site.url('readable'), imageStoragePath: upload.storagePath })).body,
    );

    expect(shown.images[0]?.source).toBe('upload');
    expect(shown.images.length).toBeGreaterThan(1);
    const photo = await fetch(shown.images[0]?.url ?? '');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(pngBytes);
  });

  it('reads the site once and answers a style change from what it read', async () => {
    await preview({ website: site.url('readable', '/?campaign=style') });
    const pagesRead = site.requests.filter((path) => path === '/?campaign=style').length;

    const ugc = await preview({ website: site.url('readable', '/?campaign=style'), style: 'ugc' });

    expect(ugc.status).toBe(200);
    expect(ugc.body.style).toBe('ugc');
    expect(site.requests.filter((path) => path === '/?campaign=style')).toHaveLength(pagesRead);
  });
});

describe('a preview of a site that cannot be read', () => {
  it.each([
    // One answer for every failure to connect or read: no answer tells a port or service from another.
    { what: 'an unreachable site', name: 'closed' as const, path: '/', reason: unreadableSiteReason },
    { what: 'a page that is not HTML', name: 'readable' as const, path: '/data.json', reason: unreadableSiteReason },
    { what: 'a page that answers 404', name: 'readable' as const, path: '/missing', reason: unreadableSiteReason },
    {
      what: 'a page slower than the preview allows (generation would still wait for it)',
      name: 'readable' as const,
      path: '/late',
      reason: unreadableSiteReason,
    },
    {
      what: 'a redirect to another port',
      name: 'readable' as const,
      path: '/to-another-port',
      reason: unreadableSiteReason,
    },
    {
      what: 'a public name pointing inside (the SSRF guard)',
      name: 'internal' as const,
      path: '/',
      reason: 'its address is not public',
    },
    {
      what: 'a redirect to a private address (the SSRF guard)',
      name: 'readable' as const,
      path: '/to-private',
      reason: 'its address is not public',
    },
  ])('says so for $what, with the name it will use', async ({ name, path, reason }) => {
    const answer = await preview({ website: site.url(name, path) });

    expect(answer.status).toBe(200);
    const shown = previewResponseSchema.parse(answer.body);
    expect(shown).toMatchObject({ host: testSiteNames[name], readable: false, reason, claims: [], images: [] });
    expect(shown.businessName.length).toBeGreaterThan(0);
    expect(shown.hook.text.length).toBeGreaterThan(0);
  });

  it('never let the internal name be fetched', async () => {
    const before = site.requests.length;

    await preview({ website: site.url('internal', '/secret') });

    expect(site.requests.slice(before)).not.toContain('/secret');
  });
});

describe('bad input', () => {
  it.each([
    { what: 'no website', body: { website: '' } },
    { what: 'not a website', body: { website: 'not a website' } },
    { what: 'a loopback address', body: { website: 'http://127.0.0.1/' } },
    { what: 'an unknown style', body: { website: 'https://example.com', style: 'loud' } },
    { what: 'a length the product does not sell', body: { website: 'https://example.com', durationSeconds: '30' } },
    { what: 'a photo key we never handed out', body: { website: 'https://example.com', imageStoragePath: '../x.png' } },
  ])('answers 400 VALIDATION for $what', async ({ body }) => {
    const answer = await preview(body);

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.any(String), errorCode: 'VALIDATION' });
  });

  it.each(['https://shop.example:6379/', 'http://shop.example:22/', 'https://shop.example:8443/'])(
    'refuses %s, a website on another port, with its own message before anything is fetched',
    async (website) => {
      const answer = await preview({ website });

      expect(answer).toEqual({
        status: 400,
        body: { error: messages.websiteOnAnotherPort, errorCode: 'VALIDATION' },
      });
    },
  );

  it('answers 400 UPLOAD_INVALID for a photo that was never uploaded', async () => {
    const answer = await preview({
      website: site.url('readable'),
      imageStoragePath: '1b4e28ba-2fa1-41d2-883f-0016d3cca427.png',
    });

    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('UPLOAD_INVALID');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const answer = await callApi(twin.current, 'POST', '/api/previews', '{"website":', {
      'content-type': 'application/json',
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: 'VALIDATION' });
  });
});

describe('the per-client limit', () => {
  let previous: string | undefined;
  beforeEach(() => {
    // The suite's twin lifts every per-IP budget; this test runs at the stage's own.
    previous = process.env[envNames.ipAttemptsPerHour];
    process.env[envNames.ipAttemptsPerHour] = String(serviceLimits.ipAttemptsPerHour);
  });
  afterEach(() => {
    if (previous === undefined) delete process.env[envNames.ipAttemptsPerHour];
    else process.env[envNames.ipAttemptsPerHour] = previous;
  });

  it(`refuses a client's preview past ${generationConfig.preview.perIpPerHour} an hour with 429, and not another client's`, async () => {
    const body = { website: 'https://example.com', style: 'sparkly' };
    // Refused bodies still count: the limit is checked before the body is read.
    for (let i = 0; i < generationConfig.preview.perIpPerHour; i++) {
      expect((await previewFrom('127.0.0.41', body)).status).toBe(400);
    }

    const refused = await previewFrom('127.0.0.41', body);
    const other = await previewFrom('127.0.0.42', body);

    expect(refused).toEqual({ status: 429, body: { error: expect.any(String), errorCode: 'TOO_MANY_REQUESTS' } });
    expect(other.status).toBe(400);
  });
});

describe("the order's generation", () => {
  it('reuses what the preview read and opens the ad with the hook the buyer saw', async () => {
    // Prepare: the buyer sees the preview, then the site changes before the ad is made.
    const website = site.url('readable', '/?campaign=reuse');
    const shown = previewResponseSchema.parse((await preview({ website, style: 'direct-response' })).body);
    site.setPage(harborRoastPage('A headline the buyer never saw'));
    const pageReadsBefore = site.requests.filter((path) => path === '/?campaign=reuse').length;

    // Act
    // No photo: the site was read, so its own images and words make the ad.
    const orderId = await createPaidOrder(twin.current, {
      email: uniqueEmail('preview-reuse'),
      website,
      style: 'direct-response',
      durationSeconds: '12',
      imageStoragePath: null,
      imageFileName: null,
    });
    const execution = await twin.current.steps.waitForExecution(orderId, 120_000);

    // Assess
    const state = execution.output as { site: WebsiteAnalysis; storyboard: Storyboard };
    expect(execution.status, `${execution.error} ${execution.cause}`).toBe('SUCCEEDED');
    expect(state.site.previewedAt).toEqual(expect.any(String));
    expect(state.site.headline).toBe(harborRoast.headline);
    // What the site sells travels with the facts from the preview's cache through the state machine.
    expect(state.site.products).toEqual([harborRoast.product]);
    expect(state.storyboard.scenes[0]?.text).toEqual(shown.hook.text);
    expect(state.storyboard.scenes[0]?.voiceLine).toBe(shown.hook.voiceLine);
    expect(site.requests.filter((path) => path === '/?campaign=reuse')).toHaveLength(pageReadsBefore);
    site.setPage(harborRoastPage());
  }, 180_000);
});

function previewFrom(ip: string, body: Record<string, unknown>): Promise<JsonAnswer> {
  const { hostname, port } = new URL(twin.current.url);
  const payload = JSON.stringify({ durationSeconds: '12', ...body });
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: hostname,
        port,
        path: '/api/previews',
        method: 'POST',
        localAddress: ip,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
