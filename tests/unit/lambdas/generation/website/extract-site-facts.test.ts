import { describe, expect, it } from 'vitest';
import { extractSiteFacts } from '#generation/website/extract-site-facts.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

const saasLandingPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Tasklane | Project planning for small teams</title>
  <meta name="description" content="Plan sprints, track work &amp; ship on time &mdash; without the busywork.">
  <meta property="og:image" content="/static/og-card.png">
  <meta name="theme-color" content="#4F46E5">
  <link rel="icon" href="/favicon.ico">
  <script>window.dataLayer = [{ event: 'Hire us now' }];</script>
  <style>.hero h1 { font-size: 4rem }</style>
</head>
<body>
  <div class="cookie-banner"><p>We use cookies to improve your experience. Accept all cookies?</p></div>
  <header class="site-header">
    <nav><ul><li><a href="/">Home</a></li><li><a href="/pricing">Pricing</a></li><li><a href="/login">Log in</a></li></ul></nav>
  </header>
  <main>
    <section class="hero">
      <h1>Ship projects&nbsp;on&nbsp;time,
        every time</h1>
      <p>Short.</p>
    </section>
    <section id="features">
      <h2>Features</h2>
      <ul>
        <li>Plan a sprint in five minutes</li>
        <li>Automatic status reports</li>
        <li><a href="/integrations">Works with Slack &amp; GitHub</a> out of the box</li>
        <li>Plan a sprint in five minutes</li>
      </ul>
    </section>
    <section><h2>Loved by 4,000 teams</h2></section>
  </main>
  <footer><ul><li>© 2025 Tasklane Inc. All rights reserved</li><li>Privacy policy</li></ul></footer>
</body>
</html>`;

const productPage = `<!DOCTYPE html>
<html>
<head>
  <title>Trail Runner 2 &ndash; Northwind Shoes</title>
  <meta property="og:site_name" content="Northwind Shoes">
  <meta property="og:title" content="Trail Runner 2">
  <meta property="og:description" content="A light trail shoe with grip for wet rock.">
  <meta property="og:image" content="http://cdn.shopify.example/files/trail-runner.jpg?v=12">
  <meta name="theme-color" content="rgb(16, 185, 129)">
</head>
<body>
  <div class="announcement-bar">Free shipping on orders over $50</div>
  <nav class="breadcrumbs"><ol><li><a href="/">Home</a></li><li><a href="/collections/all">All</a></li></ol></nav>
  <div class="product">
    <h1 class="product__title">Trail Runner 2</h1>
    <div class="product__description rte">
      <p>Built for mud, rock and everything between.</p>
      <ul>
        <li>Vibram outsole that grips wet rock</li>
        <li>Weighs just 240 g</li>
        <li>Recycled mesh upper</li>
        <li>Free 30-day returns</li>
      </ul>
    </div>
    <button>Add to cart</button>
  </div>
  <div class="related"><h2>You may also like</h2></div>
</body>
</html>`;

const barePage = '<html><head><title>Bob&#39;s Bakery</title></head><body></body></html>';

describe('facts read from a SaaS landing page', () => {
  it('names the business after the part of the title that is not a slogan', () => {
    // Act
    const facts = extractSiteFacts(saasLandingPage, 'https://www.tasklane.io/');

    // Assess
    expect(facts.businessName).toBe('Tasklane');
    expect(facts.domain).toBe('tasklane.io');
  });

  it('takes the first heading as headline with whitespace collapsed and entities decoded', () => {
    const facts = extractSiteFacts(saasLandingPage, 'https://www.tasklane.io/');

    expect(facts.headline).toBe('Ship projects on time, every time');
    expect(facts.description).toBe('Plan sprints, track work & ship on time — without the busywork.');
  });

  it('lists the feature items once each, never navigation, cookie or footer text', () => {
    const facts = extractSiteFacts(saasLandingPage, 'https://www.tasklane.io/');

    expect(facts.benefits).toEqual([
      'Plan a sprint in five minutes',
      'Automatic status reports',
      'Works with Slack & GitHub out of the box',
    ]);
  });

  it('makes the share image absolute and normalises the theme colour', () => {
    const facts = extractSiteFacts(saasLandingPage, 'https://www.tasklane.io/pricing');

    expect(facts.imageUrl).toBe('https://www.tasklane.io/static/og-card.png');
    expect(facts.themeColor).toBe('#4f46e5');
  });

  it('ignores text inside scripts and styles', () => {
    const facts = extractSiteFacts(saasLandingPage, 'https://www.tasklane.io/');

    expect(JSON.stringify(facts)).not.toMatch(/Hire us now|font-size/);
  });
});

describe('facts read from a shop product page', () => {
  it('prefers og:site_name for the name and the product heading for the headline', () => {
    const facts = extractSiteFacts(productPage, 'https://northwind-shoes.com/products/trail-runner-2');

    expect(facts.businessName).toBe('Northwind Shoes');
    expect(facts.headline).toBe('Trail Runner 2');
    expect(facts.description).toBe('A light trail shoe with grip for wet rock.');
  });

  it('reads benefits from the product description, skipping breadcrumbs and buttons', () => {
    const facts = extractSiteFacts(productPage, 'https://northwind-shoes.com/products/trail-runner-2');

    expect(facts.benefits).toEqual(['Vibram outsole that grips wet rock', 'Weighs just 240 g', 'Recycled mesh upper']);
  });

  it('keeps an absolute image URL as it is and converts rgb() theme colours to hex', () => {
    const facts = extractSiteFacts(productPage, 'https://northwind-shoes.com/products/trail-runner-2');

    expect(facts.imageUrl).toBe('http://cdn.shopify.example/files/trail-runner.jpg?v=12');
    expect(facts.themeColor).toBe('#10b981');
  });
});

describe('facts read from a page with only a title', () => {
  it('uses the title for both the name and the headline and leaves the rest empty', () => {
    const facts = extractSiteFacts(barePage, 'http://bobsbakery.example/');

    expect(facts).toEqual({
      businessName: "Bob's Bakery",
      domain: 'bobsbakery.example',
      headline: "Bob's Bakery",
      description: '',
      benefits: [],
    });
  });

  it('falls back to a name made from the domain when the page has no title', () => {
    const facts = extractSiteFacts('<p>hi</p>', 'https://shop.blue-harbor-coffee.co.uk/');

    expect(facts.businessName).toBe('Blue Harbor Coffee');
    expect(facts.headline).toBe('');
  });
});

describe('where the image and colour come from when a page has no share image', () => {
  it('takes a logo image before a favicon, resolved against <base href>', () => {
    // Prepare
    const html = `<head><base href="https://assets.example.com/v2/"><link rel="shortcut icon" href="/favicon.ico"></head>
      <body><img src="img/hero.jpg" alt="Hero"><img class="site-logo" src="img/brand.png" alt="Acme"></body>`;

    // Act
    const facts = extractSiteFacts(html, 'https://acme.example.com/');

    // Assess
    expect(facts.imageUrl).toBe('https://assets.example.com/v2/img/brand.png');
  });

  it('takes the apple-touch-icon before a logo image and refuses non-http image URLs', () => {
    const html = `<head><meta property="og:image" content="javascript:alert(1)">
      <link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png"></head>
      <body><img class="logo" src="/logo.svg"></body>`;

    const facts = extractSiteFacts(html, 'https://acme.example.com/about');

    expect(facts.imageUrl).toBe('https://acme.example.com/apple-touch-icon.png');
  });

  it.each([
    ['#ABC', '#aabbcc'],
    ['#11223344', '#112233'],
    ['RebeccaPurple', '#663399'],
    ['rgb(100% 0% 0%)', '#ff0000'],
  ])('reads the theme colour %s as %s', (written, normalised) => {
    const facts = extractSiteFacts(`<meta name="theme-color" content="${written}">`, 'https://acme.example.com/');

    expect(facts.themeColor).toBe(normalised);
  });

  it('leaves out a theme colour that is not a colour', () => {
    const facts = extractSiteFacts('<meta name="theme-color" content="var(--brand)">', 'https://acme.example.com/');

    expect(facts).not.toHaveProperty('themeColor');
  });
});

describe('benefits from pages without feature lists', () => {
  it('uses section headings, skipping generic ones like "Pricing" and "FAQ"', () => {
    const html = `<h1>Fresh bread daily</h1>
      <section><h2>Pricing</h2></section>
      <section><h2>Baked before sunrise</h2><p>Our ovens start at 4 am.</p></section>
      <section><h3>Organic flour only</h3></section>
      <section><h2>FAQ</h2></section>`;

    const facts = extractSiteFacts(html, 'https://bakery.example.com/');

    expect(facts.benefits).toEqual(['Baked before sunrise', 'Organic flour only']);
  });

  it('takes a feature card heading rather than the whole card text', () => {
    const html = `<ul class="features"><li><h3>One-click export</h3><p>PDF, CSV or Excel.</p></li></ul>`;

    const facts = extractSiteFacts(html, 'https://acme.example.com/');

    expect(facts.benefits).toEqual(['One-click export']);
  });

  it('ignores page-wide classes on <body> when telling menus from content', () => {
    const html = `<body class="has-sticky-nav menu-closed"><section><h2>Baked before sunrise</h2></section></body>`;

    const facts = extractSiteFacts(html, 'https://bakery.example.com/');

    expect(facts.benefits).toEqual(['Baked before sunrise']);
  });

  it('drops items shorter than 3 or longer than 80 characters', () => {
    const long = 'This sentence goes on and on about everything the product could ever possibly do for you';
    const html = `<div class="benefits"><ul><li>OK</li><li>${long}</li><li>Fast setup</li></ul></div>`;

    const facts = extractSiteFacts(html, 'https://acme.example.com/');

    expect(facts.benefits).toEqual(['Fast setup']);
  });
});

describe('images an ad can show, read from a shop product page', () => {
  const facts = siteFactsOf('candleShop');

  it('lists the product photos first, then the share image, the logo last, each once', () => {
    expect(facts.images).toEqual([
      { url: 'https://cdn.alderandash.com/products/cedar-smoke-1.jpg', source: 'product' },
      { url: 'https://cdn.alderandash.com/products/cedar-smoke-2.jpg', source: 'product' },
      {
        url: 'https://cdn.alderandash.com/products/cedar-smoke-3.jpg',
        source: 'product',
        description: 'The candle burning on a walnut side table',
      },
      { url: 'https://cdn.alderandash.com/products/cedar-smoke-og.jpg', source: 'og-image' },
      { url: 'https://cdn.alderandash.com/brand/logo-wordmark.png', source: 'logo' },
    ]);
  });

  it('leaves out tracking pixels, inline data, tiny icons and other products’ photos', () => {
    expect(JSON.stringify(facts.images)).not.toMatch(/facebook|data:|zoom\.png|sea-salt/);
  });

  it('keeps the legacy share image for readers of the old facts', () => {
    expect(facts.imageUrl).toBe('https://cdn.alderandash.com/products/cedar-smoke-og.jpg');
  });
});

describe('images read from a SaaS page and a local service', () => {
  it('takes the hero screenshot with its alt text, never the logo wall of customers', () => {
    // Act
    const facts = siteFactsOf('saas');

    // Assess
    expect(facts.images).toEqual([
      {
        url: 'https://www.tasklane.io/static/app-screenshot.png',
        source: 'hero',
        description: 'Tasklane sprint board with three columns',
      },
      { url: 'https://www.tasklane.io/static/og-card.png', source: 'og-image' },
      { url: 'https://www.tasklane.io/static/tasklane-logo.png', source: 'logo' },
    ]);
  });

  it('reads a hero photo from a CSS background and the logo from the business’s structured data', () => {
    // Act
    const facts = siteFactsOf('plumber');

    // Assess
    expect(facts.images).toEqual([
      { url: 'https://rapidrooter.com/img/van-hero.jpg', source: 'hero', backdrop: true },
      { url: 'https://rapidrooter.com/img/rapid-rooter-logo.png', source: 'logo' },
    ]);
  });

  it('takes the apple-touch-icon as the logo only when nothing else names one', () => {
    // Act
    const facts = extractSiteFacts(
      '<head><link rel="apple-touch-icon" href="/apple-touch-icon.png"></head><body><h1>Hi</h1></body>',
      'https://acme.example.com/',
    );

    // Assess
    expect(facts.images).toEqual([{ url: 'https://acme.example.com/apple-touch-icon.png', source: 'logo' }]);
  });
});

describe('which images are refused', () => {
  it.each([
    ['an SVG photo', '<main><img src="/hero.svg" alt="Hero"></main>'],
    ['an inline data URL', '<main><img src="data:image/png;base64,iVBORw0KGgo=" alt="x"></main>'],
    ['an icon under 100 px', '<main><img src="/photo.jpg" width="64" height="64"></main>'],
    ['a 1×1 tracking pixel', '<main><img src="https://pixel.example.net/p.jpg" width="1" height="1"></main>'],
    ['a javascript: URL', '<meta property="og:image" content="javascript:alert(1)">'],
  ])('%s', (_case, html) => {
    // Act
    const facts = extractSiteFacts(html, 'https://acme.example.com/');

    // Assess
    expect(facts).not.toHaveProperty('images');
  });

  it('keeps at most five, the logo among them', () => {
    // Prepare
    const products = Array.from(
      { length: 8 },
      (_, index) => `<img src="/p/${index}.jpg" alt="Mug ${index}" width="800" height="800">`,
    ).join('');
    const html = `<meta property="og:image" content="/og.jpg"><div class="product-gallery">${products}</div>
      <img class="logo" src="/logo.png" alt="Acme">`;

    // Act
    const facts = extractSiteFacts(html, 'https://acme.example.com/');

    // Assess
    expect(facts.images).toHaveLength(5);
    expect(facts.images!.map((image) => image.source)).toEqual(['product', 'product', 'product', 'og-image', 'logo']);
  });

  it('takes the widest srcset candidate of a lazy image and treats ?width= variants as one picture', () => {
    // Prepare
    const html = `<div class="product"><img src="data:image/gif;base64,R0lGOD" alt="Mug"
      data-srcset="/mug.jpg?width=300 300w, /mug.jpg?width=1200 1200w" width="600" height="600">
      <img src="/mug.jpg?width=600" alt="Mug again" width="600" height="600"></div>`;

    // Act
    const facts = extractSiteFacts(html, 'https://acme.example.com/');

    // Assess
    expect(facts.images).toEqual([
      { url: 'https://acme.example.com/mug.jpg?width=1200', source: 'product', description: 'Mug' },
    ]);
  });
});

describe('claims, offers and prices in the page’s own words', () => {
  it('reads a shop’s rating from its structured data, its claims, its offers and its price', () => {
    // Act
    const facts = siteFactsOf('candleShop');

    // Assess
    expect(facts.claims).toEqual(['4.8/5 from 1,240 reviews', '100% natural soy wax', 'Burns for up to 60 hours']);
    expect(facts.offers).toEqual(['Free shipping on orders over $50', '20% off your first order with code HELLO20']);
    expect(facts.prices).toEqual(['$34']);
  });

  it('reads a SaaS page’s rating, customer count and speed claim, its trial and its plan price', () => {
    // Act
    const facts = siteFactsOf('saas');

    // Assess
    expect(facts.claims).toEqual([
      'Rated 4.9/5 on G2 from 800 reviews',
      'Loved by 4,000+ teams',
      'Plan a sprint in 2 minutes',
    ]);
    expect(facts.offers).toEqual(['14-day free trial']);
    expect(facts.prices).toEqual(['$12/month']);
  });

  it('reads a local service’s rating, hours, response time and history, and its free estimate', () => {
    // Act
    const facts = siteFactsOf('plumber');

    // Assess
    expect(facts.claims).toEqual([
      '4.9/5 from 312 reviews',
      'Emergency plumbers in Austin, 24/7',
      'Licensed plumbers at your door in under 60 minutes',
      'Family-owned since 1998',
    ]);
    expect(facts.offers).toEqual(['Free estimates on every job']);
    expect(facts).not.toHaveProperty('prices');
  });

  it('never takes a phone number, a licence number, a copyright year or a cookie banner for a claim', () => {
    // Act
    const facts = [siteFactsOf('plumber'), siteFactsOf('saas')];

    // Assess
    expect(JSON.stringify(facts.map(({ claims, offers, prices }) => ({ claims, offers, prices })))).not.toMatch(
      /555|40123|2025|delicious|10% off/,
    );
  });

  it('does not take a free-shipping threshold for a price', () => {
    // Act
    const facts = extractSiteFacts(
      '<p>Free shipping on orders over $30.</p><p class="price">Only $19.99</p>',
      'https://shop.example.com/',
    );

    // Assess
    expect(facts.prices).toEqual(['$19.99']);
    expect(facts.offers).toEqual(['Free shipping on orders over $30']);
  });

  it('reads offers written as a first month free or a percentage saved', () => {
    // Act
    const facts = extractSiteFacts(
      '<section><h2>Join today</h2><p>Your first month is free.</p><p>Save 15% with yearly billing.</p></section>',
      'https://gym.example.com/',
    );

    // Assess
    expect(facts.offers).toEqual(['Your first month is free', 'Save 15% with yearly billing']);
  });

  it('reads nothing from a page with only a title, and keeps the old fields as they were', () => {
    // Act
    const facts = siteFactsOf('bare');

    // Assess
    expect(facts).toEqual({
      businessName: 'Juniper Yoga',
      domain: 'juniperyoga.studio',
      headline: 'Slow yoga for busy people',
      description: '',
      benefits: [],
      source: 'site',
    });
  });
});
