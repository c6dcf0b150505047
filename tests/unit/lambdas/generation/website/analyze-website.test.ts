import { describe, expect, it, vi } from 'vitest';
import { analyzeWebsite } from '#generation/website/analyze-website.ts';
import type { PageFetchResult } from '#generation/website/fetch-public-page.ts';
import { sitePageHtml, sitePages } from '#tests/unit/fixtures/sites.ts';

const pageAt =
  (html: string, finalUrl = 'https://www.northwind-shoes.com/') =>
  async (): Promise<PageFetchResult> => ({ finalUrl, html });

describe('analysing the buyer website', () => {
  it('returns the facts read from the page, marked as coming from the site', async () => {
    // Prepare
    const fetchPage = pageAt('<title>Northwind Shoes</title><h1>Shoes for wet rock</h1><li>Grippy soles</li>');

    // Act
    const analysis = await analyzeWebsite('https://northwind-shoes.com', { fetchPage });

    // Assess
    expect(analysis).toEqual({
      businessName: 'Northwind Shoes',
      domain: 'northwind-shoes.com',
      headline: 'Shoes for wet rock',
      description: '',
      benefits: ['Grippy soles'],
      source: 'site',
    });
  });

  it('hands on what the site sells and its logo, read on the reader’s own thread', async () => {
    // Prepare
    const fetchPage = pageAt(sitePageHtml('coffeeRoaster'), sitePages.coffeeRoaster.url);

    // Act
    const analysis = await analyzeWebsite('https://emberoakcoffee.com/products/house-blend', { fetchPage });

    // Assess
    expect(analysis).toMatchObject({
      source: 'site',
      products: [{ name: 'House Blend', price: '$16', rating: { value: 4.8, count: 212, best: 5 } }],
      logoUrl: 'https://emberoakcoffee.com/cdn/brand/ember-oak-logo.png',
      offers: ['Free shipping on orders over $40', 'Subscribe and save 15%', 'Buy 3, get 1 free'],
    });
    // The step's result travels in the execution's state (256 KB at most) with the rest of the order.
    expect(Buffer.byteLength(JSON.stringify(analysis))).toBeLessThan(8_000);
  });

  it('shows the domain the buyer typed, not the one the site redirected to', async () => {
    const fetchPage = pageAt('<h1>Hello</h1>', 'https://northwind.myshopify.example/en-us');

    const analysis = await analyzeWebsite('https://www.northwind-shoes.com/', { fetchPage });

    expect(analysis.domain).toBe('northwind-shoes.com');
  });

  it('fetches the normalised URL when the buyer typed a bare domain', async () => {
    const fetchPage = vi.fn(pageAt('<h1>Hello</h1>'));

    await analyzeWebsite('northwind-shoes.com', { fetchPage });

    expect(fetchPage).toHaveBeenCalledWith('https://northwind-shoes.com/');
  });

  it('falls back to facts from the domain when the site cannot be fetched', async () => {
    const fetchPage = async (): Promise<PageFetchResult> => ({ failure: 'timed out after 8000 ms' });

    const analysis = await analyzeWebsite('https://shop.blue-harbor-coffee.co.uk/beans', { fetchPage });

    expect(analysis).toEqual({
      businessName: 'Blue Harbor Coffee',
      domain: 'shop.blue-harbor-coffee.co.uk',
      headline: 'Discover Blue Harbor Coffee',
      description: '',
      benefits: [],
      source: 'fallback',
      failure: 'timed out after 8000 ms',
    });
  });

  it('falls back when the page has no readable text', async () => {
    const fetchPage = pageAt('<html><body><script>render()</script></body></html>');

    const analysis = await analyzeWebsite('https://northwind-shoes.com', { fetchPage });

    expect(analysis).toMatchObject({ source: 'fallback', failure: 'the page has no readable text' });
  });

  it('does not fetch a website that is not public and still returns usable facts', async () => {
    const fetchPage = vi.fn(pageAt('<h1>Router admin</h1>'));

    const analysis = await analyzeWebsite('http://192.168.1.1/', { fetchPage });

    expect(fetchPage).not.toHaveBeenCalled();
    expect(analysis).toMatchObject({ source: 'fallback', failure: 'not a public http(s) website' });
  });

  it('turns an unexpected error into a fallback instead of throwing', async () => {
    const fetchPage = async (): Promise<PageFetchResult> => {
      throw new Error('socket hang up');
    };

    const analysis = await analyzeWebsite('https://northwind-shoes.com', { fetchPage });

    expect(analysis).toMatchObject({
      businessName: 'Northwind Shoes',
      source: 'fallback',
      failure: 'analysis failed (socket hang up)',
    });
  });
});
