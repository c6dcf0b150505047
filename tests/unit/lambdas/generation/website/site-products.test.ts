// What a site sells, read as shops publish it: schema.org JSON-LD (a coffee roaster), microdata
// only (a cat-treat brand), Open Graph product tags only (a motorcycle garage), and the visible
// page; with the offers, headline and logo an ad needs, and nothing taken from a review section.
import { describe, expect, it } from 'vitest';
import { extractSiteFacts } from '#generation/website/extract-site-facts.ts';
import { siteFactsOf } from '#tests/unit/fixtures/sites.ts';

describe('a coffee roaster whose product page carries schema.org JSON-LD', () => {
  it('sells House Blend at $16, rated 4.8/5 from 212 reviews, with its own photo and line', () => {
    // Act
    const facts = siteFactsOf('coffeeRoaster');

    // Assess
    expect(facts.products).toEqual([
      {
        name: 'House Blend',
        price: '$16',
        rating: { value: 4.8, count: 212, best: 5 },
        review: { quote: 'Smooth, chocolatey and never bitter.', author: 'Dana R.' },
        imageUrl: 'https://emberoakcoffee.com/cdn/house-blend-bag.jpg',
        description: 'A medium roast with notes of milk chocolate and toasted almond.',
      },
    ]);
  });

  it('quotes the customer in whole sentences only, never cut inside one', () => {
    // Act
    const quote = siteFactsOf('coffeeRoaster').products?.[0]?.review?.quote;

    // Assess: the review's second sentence does not fit in 120 characters, so it is left out whole.
    expect(quote).toBe('Smooth, chocolatey and never bitter.');
    expect(quote?.length).toBeLessThanOrEqual(120);
  });

  it('reads "Subscribe and save 15%" from the product form and "Buy 3, get 1 free" as whole offers', () => {
    // Act
    const facts = siteFactsOf('coffeeRoaster');

    // Assess
    expect(facts.offers).toEqual(['Free shipping on orders over $40', 'Subscribe and save 15%', 'Buy 3, get 1 free']);
  });

  it('never makes a claim of a clause cut from the middle of a long sentence', () => {
    // Act
    const facts = siteFactsOf('coffeeRoaster');

    // Assess: "Roasted in Asheville, NC and shipped within 24 hours of roasting, so …" is too long to say whole.
    expect(facts.claims).toEqual(['4.8/5 from 212 reviews']);
    expect(JSON.stringify(facts)).not.toContain('NC and shipped');
  });

  it('takes nothing from its review section: "Best 5/5 ever" is neither a claim nor the rating', () => {
    // Act
    const facts = siteFactsOf('coffeeRoaster');

    // Assess
    expect(facts.products?.[0]?.rating).toEqual({ value: 4.8, count: 212, best: 5 });
    expect(JSON.stringify({ claims: facts.claims, offers: facts.offers, products: facts.products })).not.toMatch(
      /5\/5 ever|100% would|Sam/,
    );
  });

  it('names the organisation’s logo, and keeps it among the images as the logo', () => {
    // Act
    const facts = siteFactsOf('coffeeRoaster');

    // Assess
    expect(facts.logoUrl).toBe('https://emberoakcoffee.com/cdn/brand/ember-oak-logo.png');
    expect(facts.images).toContainEqual({ url: facts.logoUrl, source: 'logo' });
  });
});

describe('a cat-treat shop described with microdata only', () => {
  it('sells Wild Salmon Bites at $12 with the rating, review and photo its microdata gives', () => {
    // Act
    const facts = siteFactsOf('catTreats');

    // Assess
    expect(facts.products?.[0]).toEqual({
      name: 'Wild Salmon Bites',
      price: '$12',
      rating: { value: 4.7, count: 1086, best: 5 },
      review: {
        quote: 'My 14-year-old tabby ignores every treat but these. She waits by the cupboard now.',
        author: 'Priya K.',
      },
      imageUrl: 'https://whiskerandco.com/img/salmon-bites.jpg',
      description: 'Freeze-dried wild salmon and nothing else.',
    });
  });

  it('lists the second product with its own price and no rating borrowed from the first', () => {
    // Act
    const facts = siteFactsOf('catTreats');

    // Assess
    expect(facts.products?.[1]).toEqual({ name: 'Salmon Skin Crisps', price: '$9.50' });
  });

  it('keeps the headline "Salmon treats picky cats actually finish" whole, beside the treats it sells', () => {
    // Act
    const facts = siteFactsOf('catTreats');

    // Assess
    expect(facts.headline).toBe('Salmon treats picky cats actually finish');
    expect(facts.products?.map((product) => product.name)).toEqual(['Wild Salmon Bites', 'Salmon Skin Crisps']);
  });

  it('takes the header’s logo image as the logo', () => {
    expect(siteFactsOf('catTreats').logoUrl).toBe('https://whiskerandco.com/img/whisker-logo.png');
  });
});

describe('microdata prices written as the page shows them', () => {
  it.each([
    ['19,99 €', '€19.99'],
    ['$4,200.00', '$4,200'],
    ['£1.250,50', '£1,250.50'],
  ])('reads "%s" with no content attribute as %s', (written, price) => {
    // Act
    const facts = extractSiteFacts(
      `<div itemscope itemtype="http://schema.org/Product"><h2 itemprop="name">Lamp</h2>
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">${written}</span></div></div>`,
      'https://lamps.example/',
    );

    // Assess
    expect(facts.products?.[0]).toEqual({ name: 'Lamp', price });
  });
});

describe('a motorcycle garage with Open Graph product tags and no JSON-LD', () => {
  it('sells the Yamaha XS400 at $4,200, once, though the page heads it "1978 Yamaha XS400"', () => {
    // Act
    const facts = siteFactsOf('motoGarage');

    // Assess
    expect(facts.products?.[0]).toEqual({
      name: 'Yamaha XS400',
      price: '$4,200',
      imageUrl: 'https://redlinemoto.com/bikes/xs400-left.jpg',
      description: 'A 1978 Yamaha XS400, rebuilt in our shop and ready to ride.',
    });
  });

  it('lists the other bike the page shows after the main one, with its own price', () => {
    // Act
    const facts = siteFactsOf('motoGarage');

    // Assess
    expect(facts.products?.map(({ name, price }) => `${name} ${price}`)).toEqual([
      'Yamaha XS400 $4,200',
      'Honda CB350 $3,100',
    ]);
  });
});

describe('products read from the visible page', () => {
  it('pairs a card’s heading with the price right after it, the page’s main product first', () => {
    // Act
    const facts = extractSiteFacts(
      `<main>
        <section class="grid">
          <div class="card"><h3>Rye Sourdough</h3><p>Three-day ferment.</p><span class="price">$9</span></div>
          <div class="card"><h3>Seeded Spelt</h3><span class="price">$11</span></div>
        </section>
        <h1>Seeded Spelt</h1>
      </main>`,
      'https://bakery.example/',
    );

    // Assess
    expect(facts.products).toEqual([
      { name: 'Seeded Spelt', price: '$11' },
      { name: 'Rye Sourdough', price: '$9' },
    ]);
  });

  it('reads a card whose price opens a longer line, and names the product without the heading’s "The"', () => {
    // Act: the letterpress studio's card (local/demo-shops/marlow-letterpress), no schema.org at all.
    const facts = extractSiteFacts(
      `<main>
        <section class="hero"><h1>Wedding invitations your guests will keep</h1></section>
        <section class="product">
          <h2>The Classic Invitation Suite</h2>
          <p class="price">$240 for 50 invitations, envelopes included</p>
        </section>
      </main>`,
      'https://marlowletterpress.example/',
    );

    // Assess
    expect(facts.products).toEqual([{ name: 'Classic Invitation Suite', price: '$240' }]);
  });

  it('takes no price from the middle of a long line, even in an element named for a price', () => {
    // Act
    const facts = extractSiteFacts(
      `<div class="card"><h3>Seeded Spelt</h3><p class="price">Ask in the shop about our weekly bread subscription, $9 a loaf</p></div>`,
      'https://bakery.example/',
    );

    // Assess
    expect(facts).not.toHaveProperty('products');
  });

  it('reads no product from a review section, nor a price without a heading to name it', () => {
    // Act
    const facts = extractSiteFacts(
      `<main>
        <p class="price">$20</p>
        <section class="customer-reviews"><h3>Best 5/5 ever</h3><p class="price">$5</p><p>Rated 5/5 by me</p></section>
      </main>`,
      'https://bakery.example/',
    );

    // Assess
    expect(facts).not.toHaveProperty('products');
    expect(facts).not.toHaveProperty('claims');
  });

  it('reads no product from microdata inside a review widget or a sponsored slot', () => {
    // Act
    const facts = extractSiteFacts(
      `<main>
        <div class="yotpo-widget"><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Best Beans Ever</span>
          <meta itemprop="price" content="5"><meta itemprop="priceCurrency" content="USD"></div></div>
        <aside class="sponsored"><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Outlet Grinder</span></div></aside>
      </main>`,
      'https://bakery.example/',
    );

    // Assess
    expect(facts).not.toHaveProperty('products');
  });

  it('never cuts a product’s name: a heading too long to be a name is no product', () => {
    // Act
    const facts = extractSiteFacts(
      `<div class="card"><h3>${'Hand-thrown stoneware mug with a speckled glaze '.repeat(3)}</h3><span class="price">$30</span></div>`,
      'https://pottery.example/',
    );

    // Assess
    expect(facts).not.toHaveProperty('products');
  });
});

describe('schema.org products in lists and graphs', () => {
  it('reads every product of an ItemList, with an AggregateOffer’s lowest price as "from"', () => {
    // Prepare
    const itemList = {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          item: {
            '@type': 'Product',
            name: 'Espresso Sampler',
            offers: { '@type': 'AggregateOffer', lowPrice: '24', highPrice: '48', priceCurrency: 'EUR' },
          },
        },
        {
          '@type': 'ListItem',
          position: 2,
          item: { '@type': 'Product', name: 'Decaf', offers: { '@type': 'Offer', price: 14.5, priceCurrency: 'EUR' } },
        },
      ],
    };

    // Act
    const facts = extractSiteFacts(
      `<script type="application/ld+json">${JSON.stringify(itemList)}</script><h1>Our coffees</h1>`,
      'https://roaster.example/',
    );

    // Assess
    expect(facts.products).toEqual([
      { name: 'Espresso Sampler', price: 'from €24' },
      { name: 'Decaf', price: '€14.50' },
    ]);
  });
});

describe('a product’s image', () => {
  it('is one of the images the reader found usable, never an SVG the renderer cannot decode', () => {
    // Prepare
    const product = (name: string, image: string) => ({
      '@type': 'Product',
      name,
      image,
      offers: { '@type': 'Offer', price: '16', priceCurrency: 'USD' },
    });
    const graph = { '@graph': [product('House Blend', '/img/house-blend.svg'), product('Decaf', '/img/decaf.jpg')] };

    // Act
    const facts = extractSiteFacts(
      `<script type="application/ld+json">${JSON.stringify(graph)}</script><h1>House Blend</h1>`,
      'https://emberoak.example/',
    );

    // Assess
    expect(facts.products).toEqual([
      { name: 'House Blend', price: '$16' },
      { name: 'Decaf', price: '$16', imageUrl: 'https://emberoak.example/img/decaf.jpg' },
    ]);
    expect(facts.images).toEqual([{ url: 'https://emberoak.example/img/decaf.jpg', source: 'product' }]);
  });
});

describe('the page’s headline', () => {
  it('skips a logo set as the header’s h1 and keeps the hero’s question whole', () => {
    // Act
    const facts = extractSiteFacts(
      `<header><h1 class="site-title">Ember &amp; Oak</h1></header>
       <section class="hero"><h2>Tired of bitter coffee? Meet the House Blend.</h2></section>`,
      'https://emberoak.example/',
    );

    // Assess
    expect(facts.headline).toBe('Tired of bitter coffee? Meet the House Blend.');
  });

  it('keeps a long headline’s leading whole sentences instead of cutting a word in half', () => {
    // Prepare
    const second =
      'We roast every bag to order in small batches in Asheville, ship it the same afternoon, and never sell a bean that is older than a single week.';

    // Act
    const facts = extractSiteFacts(`<h1>Tired of stale coffee? ${second}</h1>`, 'https://emberoak.example/');

    // Assess
    expect(facts.headline).toBe('Tired of stale coffee?');
  });
});

describe('the brand’s logo', () => {
  it('takes the image the header links home with, before the apple-touch-icon', () => {
    // Act
    const facts = extractSiteFacts(
      `<head><link rel="apple-touch-icon" href="/apple-touch-icon.png"></head>
       <body><header><a href="/"><img src="/img/ember-oak-mark.png" alt="Ember &amp; Oak" height="40"></a></header>
       <main><h1>Coffee roasted to order</h1></main></body>`,
      'https://emberoak.example/shop',
    );

    // Assess
    expect(facts.logoUrl).toBe('https://emberoak.example/img/ember-oak-mark.png');
    expect(facts.images).toEqual([{ url: 'https://emberoak.example/img/ember-oak-mark.png', source: 'logo' }]);
  });

  it('falls back to the apple-touch-icon, then to an icon declared large', () => {
    // Act
    const touch = extractSiteFacts(
      '<head><link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/touch.png"></head><h1>Hi</h1>',
      'https://emberoak.example/',
    );
    const large = extractSiteFacts(
      '<head><link rel="icon" sizes="16x16" href="/small.png"><link rel="icon" sizes="192x192" href="/icon-192.png"></head><h1>Hi</h1>',
      'https://emberoak.example/',
    );

    // Assess
    expect(touch.logoUrl).toBe('https://emberoak.example/touch.png');
    expect(large.logoUrl).toBe('https://emberoak.example/icon-192.png');
  });
});

describe('a page that stuffs its product data', () => {
  it('keeps the facts small enough for the state machine, whatever the page’s product values hold', () => {
    // Prepare
    const endless = 'Best coffee ever '.repeat(20_000);
    const product = {
      '@type': 'Product',
      name: endless,
      description: endless,
      image: `https://emberoak.example/${'a'.repeat(100_000)}.jpg`,
      review: { '@type': 'Review', reviewBody: endless, author: endless },
      offers: { '@type': 'Offer', price: '16', priceCurrency: 'USD' },
    };
    const html = [
      `<script type="application/ld+json">${JSON.stringify([product, { ...product, name: 'House Blend' }])}</script>`,
      `<div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">${endless}</h2></div>`,
      `<h1>House Blend</h1><meta property="og:type" content="product"><meta property="og:title" content="${endless}">`,
    ].join('');

    // Act
    const facts = extractSiteFacts(html, 'https://emberoak.example/');

    // Assess: no name is cut to fit; the one whole name stays, without the values too long to use.
    expect(facts.products).toEqual([{ name: 'House Blend', price: '$16' }]);
    expect(JSON.stringify(facts).length).toBeLessThan(4_000);
  });
});
