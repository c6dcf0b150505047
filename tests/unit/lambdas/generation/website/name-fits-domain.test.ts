// The ad's business name must fit the domain it shows (lambdas/generation/website/site-domain.ts):
// honest names pass however they are written (spaces, accents, &, possessives, a .co.uk, a
// platform subdomain); a well-known name on someone else's domain gives way to the domain's words.
import { describe, expect, it } from 'vitest';
import { analyzeWebsite } from '#generation/website/analyze-website.ts';
import { nameFitsDomain } from '#generation/website/site-domain.ts';

describe('whether a page name fits its domain', () => {
  it.each([
    ['Blue Bottle Coffee', 'bluebottlecoffee.com'],
    ['Acme', 'acme-shop.co.uk'],
    ['Acme Inc.', 'acme.com'],
    ['Alder & Ash', 'alderandash.com'],
    ['Alder & Ash', 'alder-and-ash.co.uk'],
    ['Café Émile & Co.', 'cafe-emile.fr'],
    ["Ben & Jerry's", 'benjerry.com'],
    ["Joe's Pizza", 'joespizzanyc.com'],
    ['The Bike Works', 'bikeworks.com'],
    ['Northwind Shoes', 'shop.northwind-shoes.co.uk'],
    ['Harbor Roast', 'harborroast.myshopify.com'],
    ['Fresh Breath Coaching', 'freshbreath-coach.com'],
    ['BLUE BOTTLE', 'bluebottlecoffee.com'],
    ['Blue Bottle Coffee', 'bluebottle.com'],
  ])('"%s" fits %s', (name, domain) => {
    expect(nameFitsDomain(name, domain)).toBe(true);
  });

  it.each([
    ['PayPal', 'secure-account-verify.com'],
    ['Chase', 'signin-alerts-online.com'],
    ['Apple Store', 'app.example'],
    ['Amazon', 'amaz.example'],
    ['Secure Account PayPal', 'secure-account-verify.com'],
    ['PayPal Coffee', 'coffee.example'],
    ['A', 'a-plus.example'],
    ['Acme', '203.0.113.7'],
    ['', 'acme.com'],
  ])('"%s" does not fit %s', (name, domain) => {
    expect(nameFitsDomain(name, domain)).toBe(false);
  });
});

describe("the analysed site's business name", () => {
  const read = (html: string, website: string, finalUrl = website) =>
    analyzeWebsite(website, { fetchPage: async () => ({ finalUrl, html }) });

  it("is the domain's own words when the page claims a name the domain does not bear", async () => {
    const html =
      '<meta property="og:site_name" content="PayPal"><title>PayPal</title><h1>Verify your account within 24 hours</h1>';

    const site = await read(html, 'https://secure-account-verify.example/');

    expect(site.businessName).toBe('Secure Account Verify');
  });

  it("keeps an honest page's own spelling of its name", async () => {
    const html = '<meta property="og:site_name" content="Café Émile &amp; Co."><h1>Croissants in the Marais</h1>';

    expect((await read(html, 'https://cafe-emile.example/')).businessName).toBe('Café Émile & Co.');
  });

  it('judges the name against the domain the buyer typed, not the one the page redirected to', async () => {
    const html = '<meta property="og:site_name" content="PayPal"><h1>Log in</h1>';

    const site = await read(html, 'https://pay-secure.example/', 'https://www.paypal.com/signin');

    expect(site.businessName).toBe('Pay Secure');
  });
});
