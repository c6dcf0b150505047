import { finished } from 'node:stream/promises';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { config } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { blogSlugs, paths } from '#shared/paths.ts';
import { SiteLayout } from '#web/app/layout/site-layout.tsx';
import { HomeRoute } from '#web/app/routes/home.tsx';
import { ToastProvider } from '#web/components/toast.tsx';
import { exampleAds } from '#web/features/landing/example-ads.ts';
import { faqs } from '#web/features/landing/faqs.ts';

/**
 * The home page as the server (prerender) would write it: no effects, so no capacity yet. As in
 * entry-server.tsx, a first pass lets the lazy sections load; the second renders them in line.
 */
async function renderHome(): Promise<string> {
  const home = createElement(
    ToastProvider,
    null,
    createElement(MemoryRouter, { initialEntries: ['/'] }, createElement(SiteLayout, null, createElement(HomeRoute))),
  );
  const { prelude } = await prerenderToNodeStream(home);
  prelude.resume();
  await finished(prelude);
  return renderToStaticMarkup(home);
}

const html = await renderHome();

/** The text of every element that matches, tags stripped. */
function textsOf(pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, '').trim());
}

describe('the home page', () => {
  it('has the spec sections in order, each with its anchor', () => {
    const markers = [
      'aria-labelledby="hero-heading"',
      'id="examples"',
      'aria-labelledby="value-heading"',
      'aria-labelledby="testimonials-heading"',
      'id="pricing"',
      'aria-labelledby="how-heading"',
      'id="faq"',
      'aria-labelledby="cta-heading"',
      'id="support"',
    ];
    const positions = markers.map((marker) => html.indexOf(marker));

    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('has each anchor exactly once, the privacy notice inside the footer', () => {
    for (const anchor of ['examples', 'pricing', 'faq', 'support', 'privacy']) {
      expect(html.split(`id="${anchor}"`)).toHaveLength(2);
    }
    expect(html.indexOf('id="privacy"')).toBeGreaterThan(html.indexOf('id="support"'));
  });

  it("sends 'Generate My Ad for $5' to #pricing and 'Watch example' to #examples", () => {
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, body]) => ({
      href,
      text: (body ?? '').replace(/<[^>]+>/g, '').trim(),
    }));

    const generate = links.filter((link) => link.text === 'Generate My Ad for $5');
    expect(generate).toHaveLength(2);
    expect(generate.every((link) => link.href === '#pricing')).toBe(true);
    expect(links).toContainEqual({ href: '#examples', text: 'Watch example' });
  });

  it("shows the spec texts of the call-to-action band, with the stage's delivery time", () => {
    const band = html.slice(html.indexOf('aria-labelledby="cta-heading"'), html.indexOf('id="support"'));

    for (const text of [
      '12 spots available today',
      'Join 2,000+ marketers',
      'No subscription required',
      'Money-back guarantee',
      'Delivered in about a minute',
    ]) {
      expect(band).toContain(text);
    }
  });

  it('shows the three example cards with their titles and styles, videos loaded on demand', () => {
    expect(textsOf(/<figcaption class="mt-4[^"]*"><span[^>]*>(.*?)<\/span>/g)).toEqual([
      'SaaS Product Launch',
      'E-commerce Sale',
      'Viral App Install Ad',
    ]);
    expect(exampleAds.map((example) => example.style)).toEqual(['Cinematic', 'Product Video', 'UGC']);
    const videos = html.match(/<video [^>]*>/g) ?? [];
    expect(videos).toHaveLength(4);
    for (const video of videos) {
      expect(video).toContain('preload="none"');
      expect(video).toContain('width="432" height="768"');
    }
    // Cards carry their poster on the video; the hero's is an image of its own under it (LCP).
    for (const video of videos.slice(1)) expect(video).toMatch(/poster="[^"]*\/media\/[a-z-]+\.webp"/);
    expect(html).toMatch(/<img src="[^"]*\/media\/[a-z-]+\.webp" alt="" width="432" height="768" fetchPriority="high"/);
  });

  it('never autoplays the hero video from the markup, so reduced motion is respected before any script runs', () => {
    const hero = (html.match(/<video [^>]*>/g) ?? [])[0] ?? '';

    expect(hero).not.toContain('autoplay');
    expect(hero).toContain('loop');
    expect(hero).toContain('playsInline');
  });

  it('links every blog article, the terms and the support email from the footer, beside the newsletter box', () => {
    const footer = html.slice(html.indexOf('id="support"'));

    for (const slug of blogSlugs) expect(footer).toContain(`href="${paths.blogPost(slug)}"`);
    expect(footer).toContain(`href="${paths.terms}"`);
    expect(footer).toContain(`href="mailto:${config.supportEmail}"`);
    expect(footer).toContain('href="/#privacy"');
    expect(footer).toMatch(/<button type="submit"[^>]*>Subscribe<\/button>/);
  });

  it('keeps the privacy notice on the home page only; other pages link to it there', () => {
    const terms = renderToStaticMarkup(
      createElement(MemoryRouter, { initialEntries: ['/terms'] }, createElement(SiteLayout, null, 'Terms')),
    );

    expect(html.split('Privacy notice')).toHaveLength(2);
    expect(terms).not.toContain('id="privacy"');
    expect(terms).not.toContain('Privacy notice');
    expect(terms).toContain('href="/#privacy"');
  });

  it('shows the seeded testimonials and trusted-by names from config', () => {
    for (const testimonial of config.site.testimonials) expect(html).toContain(testimonial.author);
    for (const company of config.site.trustedBy) expect(html).toContain(company);
    expect(html).toContain('Trusted by teams at');
  });

  // The copy says what makes the ad, and only what is true of it (docs/design.md "Generation pipeline").
  it('says what makes the ad: a storyboard from the site, an AI voice, word-by-word captions, original music', () => {
    const whatYouGet = faqs.find((faq) => faq.question === 'What exactly do I get?')?.answer ?? '';
    expect(whatYouGet).toMatch(/AI model writes it from your website/);
    expect(whatYouGet).toMatch(/AI voice reads it/);
    expect(whatYouGet).toMatch(/captions follow the voice word by word/);
    expect(whatYouGet).toMatch(/opens on your site's strongest line/);
    expect(whatYouGet).toMatch(/your logo or name from the first frame/);
    expect(whatYouGet).toMatch(/music is original/);
    expect(html).toContain('An AI voice-over, captions that follow it word by word, and original music');
  });

  it('claims nothing the ad does not have: no "no voice-over", no licensed music, footage or avatars', () => {
    const copy = `${html.replace(/<[^>]+>/g, ' ')} ${faqs.map((faq) => faq.answer).join(' ')}`;
    expect(copy).not.toMatch(/\bno voice-?over\b|\bwithout (a )?voice-?over\b/i);
    expect(copy).not.toMatch(/licensed music|music licensed|stock (footage|music)/i);
    expect(copy).not.toMatch(/\b(avatar|presenter)s? (reads?|speaks?|presents?)/i);
  });

  it("tells one delivery time, the stage's, wherever it says how long an ad takes", () => {
    const copy = `${html.replace(/<[^>]+>/g, ' ')} ${faqs.map((faq) => faq.answer).join(' ')}`;
    const said = typicalDeliveryWords(config.delivery.typicalSeconds);

    expect(copy).not.toMatch(/\b(20|18|30) minutes\b|5-15 minutes/);
    expect(copy).toContain(`Get your ad in ${said}`);
    expect(copy).toContain(`Delivered in ${said}`);
    expect(faqs.find((faq) => faq.question === 'How long does delivery take?')?.answer).toContain(`Usually ${said}`);
  });

  it('says how the photo is shown as the engine shows it: filling the frame, never "shown whole" on a background', () => {
    const photo = faqs.find((faq) => faq.question === 'Can I use my own product photo?')?.answer ?? '';
    const copy = faqs.map((faq) => faq.answer).join(' ');
    expect(photo).toMatch(/filling the frame, cropped around your product/);
    expect(photo).toMatch(/If we cannot read your website, the form asks for a photo before you pay/);
    expect(copy).not.toMatch(/shown whole|never cropped|designed background/i);
  });
});
