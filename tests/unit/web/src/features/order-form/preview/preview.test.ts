// The order form's preview: when it asks (a website that looks like one, no click), with what,
// how it names the host while reading, and how it reads the API's answer.
import { describe, expect, it } from 'vitest';
import { readCreatePreviewAnswer } from '#web/features/order-form/api/create-preview.ts';
import { initialOrderFormValues } from '#web/features/order-form/order-request.ts';
import { looksLikeWebsite, previewRequestOf } from '#web/features/order-form/preview/preview-request.ts';
import { hostOf } from '#web/features/order-form/preview/use-site-preview.ts';

const preview = {
  host: 'acme.com',
  readable: true,
  businessName: 'Acme',
  headline: 'Anvils that last',
  claims: ['Rated 4.9/5'],
  images: [{ url: 'https://bucket.example/previews/a/site-1.webp?X-Amz-Signature=1', source: 'hero' }],
  colors: { primary: '#112233', accent: '#ffcc00', text: '#ffffff' },
  hook: { text: ['Rated 4.9/5'], voiceLine: 'Rated four point nine.' },
  style: 'cinematic',
  durationSeconds: '12',
};

describe('when the form asks for a preview', () => {
  it.each(['acme.com', 'https://shop.acme.co.uk/beans', 'http://harborroast.test:4000/?a=1'])(
    'asks for "%s"',
    (website) => {
      expect(looksLikeWebsite(website)).toBe(true);
    },
  );

  it.each(['', 'acme', 'not a website', 'https://', 'acme.c'])('waits while the website is "%s"', (website) => {
    expect(looksLikeWebsite(website)).toBe(false);
  });

  it('sends the website, style, length and photo the form holds', () => {
    const values = {
      ...initialOrderFormValues,
      website: '  acme.com ',
      style: 'ugc' as const,
      durationSeconds: '8' as const,
      image: { fileName: 'p.png', storagePath: '0f8fad5b-d9cb-469f-a165-70867728950e.png', previewUrl: 'https://x' },
    };

    expect(previewRequestOf(values)).toEqual({
      website: 'acme.com',
      style: 'ugc',
      durationSeconds: '8',
      imageStoragePath: '0f8fad5b-d9cb-469f-a165-70867728950e.png',
    });
    expect(previewRequestOf({ ...values, website: 'acme' })).toBeNull();
  });

  it('names the host as the answer will', () => {
    expect(hostOf('https://WWW.Acme.com:8080/shop?x=1')).toBe('acme.com');
    expect(hostOf('acme.com/beans')).toBe('acme.com');
  });
});

describe("reading the API's answer", () => {
  it('takes a preview that matches the contract', () => {
    expect(readCreatePreviewAnswer({ status: 200, ok: true, body: preview })).toEqual({ kind: 'preview', preview });
  });

  it("keeps a refusal's code, so a website the order would refuse hides the panel", () => {
    const answer = { status: 400, ok: false, body: { error: 'Please enter a valid website', errorCode: 'VALIDATION' } };

    expect(readCreatePreviewAnswer(answer)).toEqual({
      kind: 'rejected',
      error: 'Please enter a valid website',
      errorCode: 'VALIDATION',
    });
  });

  it('calls an answer that breaks the contract unexpected', () => {
    expect(readCreatePreviewAnswer({ status: 200, ok: true, body: { ...preview, colors: 'red' } })).toEqual({
      kind: 'unexpected',
    });
  });
});
