// The demo shops (local/demo-shops): the server answers each shop under its own host name as the
// panel says (a page, a 503, a PDF), refuses paths outside a shop, and the real site reader reads
// the coffee roaster's name, headline, price and photos from it.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { type DemoShopServer, demoShopHosts, serveDemoShops } from '#local/demo-shops/serve.ts';
import { demoShops } from '#local/demo-shops/shops.ts';
import { readDemoShop } from '#tests/unit/support/read-demo-shop.ts';

let shops: DemoShopServer;
beforeAll(async () => {
  shops = await serveDemoShops();
  // As the twin does with TwinOptions.testSiteHosts: the shops' names reach 127.0.0.1, on any port.
  setTestSiteHosts(demoShopHosts);
});
afterAll(async () => {
  setTestSiteHosts(null);
  await shops.close();
});

/** GET `path` of `url`'s shop, connecting to 127.0.0.1 with the shop's Host header. */
function get(url: string, path = '/'): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, headers: { host: `${hostname}:${port}` } }, (response) => {
      let body = '';
      response.setEncoding('latin1').on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
      );
    });
    sent.on('error', reject).end();
  });
}

describe('the demo shops', () => {
  it.each(demoShops.map((shop) => [shop.slug, shop.answers] as const))('serves %s as %s', async (slug, answers) => {
    // Act
    const page = await get(shops.url(slug));

    // Assess
    const expected = {
      page: { status: 200, type: 'text/html; charset=utf-8' },
      unavailable: { status: 503, type: 'text/html; charset=utf-8' },
      'not-html': { status: 200, type: 'application/pdf' },
    }[answers];
    expect({ status: page.status, type: page.type }).toEqual(expected);
    if (answers === 'page') expect(page.body).toContain('<footer>');
  });

  it("serves a shop's photos and nothing outside its folder", async () => {
    // Act
    const photo = await get(shops.url('ember-oak-coffee'), '/img/house-blend-cup.jpg');
    const escaped = await get(shops.url('ember-oak-coffee'), '/../picky-paws/index.html');
    const encoded = await get(shops.url('ember-oak-coffee'), '/%2e%2e/shops.ts');
    const unknownHost = await get(shops.url('ember-oak-coffee').replace('emberoakcoffee.test', 'elsewhere.test'));

    // Assess
    expect([photo.status, photo.type]).toEqual([200, 'image/jpeg']);
    expect([escaped.status, encoded.status]).toEqual([404, 404]);
    expect(unknownHost.status).toBe(404);
  });

  it("lets the real site reader read Ember & Oak's name, headline, price and photos", async () => {
    // Act
    const facts = await readDemoShop(shops.url('ember-oak-coffee'));

    // Assess
    expect(facts).toMatchObject({
      source: 'site',
      businessName: 'Ember & Oak Coffee',
      domain: 'emberoakcoffee.test',
      headline: 'Small-batch coffee, roasted over oak',
    });
    expect(facts.prices).toContain('$16');
    expect(facts.images?.map((image) => new URL(image.url).pathname)).toEqual(
      expect.arrayContaining(['/img/house-blend-cup.jpg', '/img/house-blend-square.jpg']),
    );
  });

  it.each(
    demoShops.flatMap((shop) => (shop.product ? [[shop.slug, shop.product.name, shop.product.price] as const] : [])),
  )('lets the real site reader find the product %s names: %s at %s', async (slug, name, price) => {
    // Act
    const facts = await readDemoShop(shops.url(slug));

    // Assess: the panel's product is the page's main one, whether schema.org, Open Graph or only
    // a card on the visible page names it (Marlow Letterpress: "$240 for 50 invitations, …"); the
    // page may say more of it ("Greek Silver Coin Set (8 coins)").
    expect(facts.products?.[0]?.name).toContain(name);
    expect(facts.products?.[0]?.price).toBe(price);
  });

  it('leaves the site reader nothing to read from the 503 shop and the PDF shop', async () => {
    // Act
    const closed = await readDemoShop(shops.url('closed-bakery'));
    const pdf = await readDemoShop(shops.url('glowlab-skin'));

    // Assess
    expect([closed.source, closed.failure]).toEqual(['fallback', 'HTTP 503']);
    expect([pdf.source, pdf.failure]).toEqual(['fallback', 'not an HTML page (application/pdf)']);
  });
});
