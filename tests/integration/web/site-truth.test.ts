// What the buyer is told about the delivery pack is true: every prerendered page (home, terms, the
// blog and its 17 articles, the order page, the newsletter pages) and every email an order or the
// newsletter sends is read as text, and none says the ad is one 720x1280 file or final without
// revisions, while the pages that describe the product (home, terms, the complete guide) and the
// pack-ready email name each format of the pack, its openings, copy and captions, its AI label and
// the one free revision; and none tells another delivery time than the stage's. The pages are the built site (the integration project's global set-up
// builds web/dist, as the twin serves it).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderConfirmationEmail } from '#newsletter/newsletter-email-templates.ts';
import { orderEmailKinds } from '#notifications/email-kinds.ts';
import { type OrderEmailFacts, renderOrderEmail } from '#notifications/order-email-templates.ts';
import { adFormats } from '#shared/ad-formats.ts';
import { generationConfig } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { packFormatsWords } from '#shared/pack-words.ts';
import { readSiteBuildInfo, siteBuildInfoFile } from '#shared/site-build-info.ts';
import { usageRightsText } from '#shared/usage-rights.ts';
import { otherDeliveryTimes, unfilledToken } from '../../fixtures/delivery-claims.ts';

const dist = join(process.cwd(), 'web', 'dist');

/** Claims the pack made untrue, each as a buyer would read it. */
const untrue: RegExp[] = [
  /\bone 720x1280\b/i,
  /\bno revisions?\b/i,
  /\bnot revised\b/i,
  /\b(ad|ads|video|file) (is|are) final\b/i,
  /\bsale is final\b/i,
  /\bfinal 9:16\b/i,
  /\bone (9:16 )?(file|mp4)( file)? (per|each) order\b/i,
  /\beach order (is|produces|yields) one\b/i,
  /\bsingle-format\b/i,
  /\bone format\b/i,
  /\b(no|several|multiple) aspect ratios (from|per|in) (one|an?) order\b/i,
  /\bno edits after delivery\b/i,
  /\brevised versions after delivery\b/i,
  /\b(1080p|1080x1920) (masters?|delivery)\b/i,
];

/** A page's words: tags, scripts and styles dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;|&rsquo;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

async function pages(): Promise<Map<string, string>> {
  const files = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.html'));
  const texts = new Map<string, string>();
  for (const file of files.sort()) texts.set(file, textOf(await readFile(join(dist, file), 'utf8')));
  return texts;
}

const order: OrderEmailFacts = {
  id: '6f0f2f9e-3c1b-4a57-9c55-6a4a8f0e2b11',
  email: 'buyer@example.com',
  website: 'https://northwind.coffee/',
  style: 'direct-response',
  duration_seconds: 12,
  payment_status: 'paid',
  amount_cents: 500,
  currency: 'usd',
  created_at: '2026-11-29T03:00:00.000Z',
  pack_items: [{ format: 'vertical' }, { format: 'landscape' }],
  pack_files: generationConfig.pack.formats.map((format, index) => ({
    item: { format },
    key: `renders/${format}.mp4`,
    bytes: 2_000_000 + index,
  })),
};

function emails(): Map<string, string> {
  const links = { siteUrl: 'https://reelfive.example', deliverySeconds: 60 };
  const texts = new Map<string, string>();
  for (const kind of orderEmailKinds) {
    const email = renderOrderEmail(kind, order, links);
    texts.set(`order email ${kind}`, `${email.subject}\n${email.text}\n${textOf(email.html)}`);
  }
  const newsletter = renderConfirmationEmail({
    confirmUrl: 'https://reelfive.example/newsletter/confirm?token=t',
    unsubscribe: {
      pageUrl: 'https://reelfive.example/newsletter/unsubscribe?token=t',
      oneClickUrl: 'https://reelfive.example/api/newsletter/one-click?token=t',
    },
  });
  texts.set('newsletter confirmation', JSON.stringify(newsletter));
  return texts;
}

/** What a page describing the pack must name: each format's size, the openings, the copy, the revision. */
function missingPackFacts(text: string): string[] {
  const facts = [
    ...adFormats.map((format) => `${format.width}x${format.height}`),
    ...['9:16', '4:5', '1:1', '16:9'],
    'opening',
    'ad text',
    'caption',
    'revision within 7 days',
  ];
  return facts.filter((fact) => !text.toLowerCase().includes(fact.toLowerCase()));
}

describe('what the site and the emails say about the delivery pack', () => {
  it('says nowhere that the ad is one 720x1280 file or final with no revisions', async () => {
    // Prepare
    const texts = new Map([...(await pages()), ...emails()]);

    // Act
    const claims = [...texts].flatMap(([source, text]) =>
      text
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => untrue.some((claim) => claim.test(sentence)))
        .map((sentence) => `${source}: ${sentence}`),
    );

    // Assess: every page and email was read, and none makes the claims
    expect(texts.size).toBeGreaterThanOrEqual(30);
    expect([...texts.keys()]).toEqual(
      expect.arrayContaining(['index.html', 'terms.html', 'blog/tiktok-ad-maker.html', 'order email pack_ready']),
    );
    expect(claims).toEqual([]);
  });

  it('names every format, the openings, the copy and captions and the free revision where the product is described', async () => {
    // Prepare
    const texts = new Map([...(await pages()), ...emails()]);

    // Act
    const described = ['index.html', 'terms.html', 'blog/ai-video-reelfive-complete-guide.html'].map((page) => [
      page,
      missingPackFacts(texts.get(page) ?? ''),
    ]);
    const packReady = texts.get('order email pack_ready') ?? '';

    // Assess
    expect(Object.fromEntries(described)).toEqual({
      'index.html': [],
      'terms.html': [],
      'blog/ai-video-reelfive-complete-guide.html': [],
    });
    for (const format of adFormats) expect(packReady).toContain(format.label);
    expect(packReady).toMatch(/ad text to paste/);
    expect(packReady).toMatch(/captions \(SRT and VTT\)/);
    expect(packReady).toMatch(/AI label/);
    expect(packReady).toMatch(/One free revision within 7 days/);
  });

  it('words the formats the stage delivers: every format of the table, each rendered by the pack', () => {
    const sizes = packFormatsWords.match(/\d+x\d+/g) ?? [];
    expect(sizes).toEqual(adFormats.map((format) => `${format.width}x${format.height}`));
    for (const { ratio } of adFormats) expect(packFormatsWords).toContain(`${ratio} at`);
    expect([...generationConfig.pack.formats].sort()).toEqual(adFormats.map((format) => format.id).sort());
  });

  it("grants the terms' usage rights over every file of the pack and the revision", async () => {
    // Act
    const terms = (await pages()).get('terms.html') ?? '';

    // Assess
    expect(terms).toContain(usageRightsText);
    expect(usageRightsText).toMatch(/every file we deliver for your order/);
    expect(usageRightsText).toMatch(/each of its formats and openings/);
    expect(usageRightsText).toMatch(/ad text/);
    expect(usageRightsText).toMatch(/captions/);
    expect(usageRightsText).toMatch(/revised version/);
  });
});

describe('what the site and the emails say about the time an ad takes', () => {
  it('states no delivery time but the stage’s, and leaves no article token unfilled', async () => {
    // Prepare: the time the built pages were made to promise, and the emails' time (emails())
    const built = readSiteBuildInfo(await readFile(join(dist, siteBuildInfoFile), 'utf8'));
    const site = await pages();

    // Act
    const claims = [
      ...[...site].flatMap(([page, text]) =>
        otherDeliveryTimes(text, built?.deliverySeconds ?? Number.NaN).map((sentence) => `${page}: ${sentence}`),
      ),
      ...[...emails()].flatMap(([email, text]) =>
        otherDeliveryTimes(text, 60).map((sentence) => `${email}: ${sentence}`),
      ),
    ];
    const leaks = [...site].filter(([, text]) => unfilledToken.test(text)).map(([page]) => page);

    // Assess: the blog told the time, in the stage's words, and nothing told another
    expect(built).not.toBeNull();
    expect(claims).toEqual([]);
    expect(leaks).toEqual([]);
    const stageWords = typicalDeliveryWords(built?.deliverySeconds ?? 0);
    const telling = [...site.keys()].filter((page) => page.startsWith('blog/') && site.get(page)?.includes(stageWords));
    expect(telling.length).toBeGreaterThanOrEqual(16);
  });
});
