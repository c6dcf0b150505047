// A buyer's website served on 127.0.0.1 under public-looking names, for the preview's tests, the
// browser journey and the bench. The twin maps the names to 127.0.0.1 (TwinOptions.testSiteHosts):
// `readable` and `closed` may be reached, `internal` resolves to loopback and is NOT allowed, so
// the SSRF guard refuses it exactly as it refuses a public name pointing inside.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { TestSiteHosts } from '#generation/website/fetch-public-page.ts';

export const testSiteNames = {
  // Short: the end card shows the domain, and a 30-character one fails its fit gate.
  readable: 'harborroast.test',
  /** Mapped and allowed, but nothing listens on the port used with it. */
  closed: 'closedshop.test',
  /** Resolves to 127.0.0.1 and is not allowed: the guard's refusal. */
  internal: 'intranet-admin.test',
} as const;

export const testSiteHosts: TestSiteHosts = {
  addresses: Object.fromEntries(Object.values(testSiteNames).map((name) => [name, '127.0.0.1'])),
  allowPrivate: [testSiteNames.readable, testSiteNames.closed],
};

export const harborRoast = {
  businessName: 'Harbor Roast',
  headline: 'Small-batch coffee, roasted the morning it ships',
  claim: 'Rated 4.9/5 by 2,000 coffee lovers',
  offer: 'Free shipping on orders over $40',
  themeColor: '#7a3b12',
  /** Its schema.org Product (JSON-LD), as a shop's theme publishes it. */
  product: { name: 'Harbor House Blend', price: '$16' },
};

/** `imagePath` prefixes the image paths: `/slow` makes each image answer late too. */
export function harborRoastPage(headline = harborRoast.headline, imagePath = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Harbor Roast | Fresh coffee beans</title>
<meta name="description" content="Single-origin beans roasted in Portland and shipped the same day.">
<meta property="og:site_name" content="${harborRoast.businessName}">
<meta property="og:image" content="${imagePath}/img/share.jpg">
<meta name="theme-color" content="${harborRoast.themeColor}">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"${harborRoast.product.name}","offers":{"@type":"Offer","price":"16.00","priceCurrency":"USD"}}</script>
</head><body>
<header><nav><ul><li><a href="/shop">Shop</a></li><li><a href="/about">About</a></li></ul></nav></header>
<main>
<section class="hero"><h1>${headline}</h1><img class="hero-image" src="${imagePath}/img/hero.jpg" alt="A bag of beans on a wooden table" width="1200" height="800"></section>
<p class="rating">${harborRoast.claim}</p>
<p class="offer">${harborRoast.offer}</p>
<section class="features"><ul><li>Roasted to order</li><li>Compostable bags</li><li>Direct trade farms</li></ul></section>
<section class="product-gallery"><img class="product-image" src="${imagePath}/img/beans.jpg" alt="Whole coffee beans" width="800" height="800"></section>
</main></body></html>`;
}

/** Between the preview's page deadline (2.5 s) and generation's (8 s). */
const latePageMs = 4_000;

/** Under the page's 2.5 s and each image's 1.5 s, over 3 s together. */
const slowDelayMs = { page: 2_000, image: 1_200 };

export interface PreviewSite {
  /** `http://<name>:<port><path>` */
  url(name: keyof typeof testSiteNames, path?: string): string;
  /** Requests the site answered, by path. */
  requests: string[];
  /** Changes what `/` says from now on (the reuse test: generation must not read it again). */
  setPage(html: string): void;
  stop(): Promise<void>;
}

/**
 * A real JPEG the cleaner decodes: a warm gradient with a dark disc, drawn as raw pixels (no SVG:
 * the product blocks every loader but JPEG, PNG and WebP in this process).
 */
async function photo(width: number, height: number, [r, g, b]: readonly [number, number, number]): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const radius = Math.min(width, height) / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const t = x / width;
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < radius ** 2;
      pixels[at] = inDisc ? 59 : Math.round(r + (244 - r) * t);
      pixels[at + 1] = inDisc ? 35 : Math.round(g + (231 - g) * t);
      pixels[at + 2] = inDisc ? 20 : Math.round(b + (211 - b) * t);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A port nothing listens on: taken from the system, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startPreviewSite(): Promise<PreviewSite> {
  const images: Record<string, Buffer> = {
    '/img/hero.jpg': await photo(1200, 800, [122, 59, 18]),
    '/img/beans.jpg': await photo(800, 800, [75, 42, 23]),
    '/img/share.jpg': await photo(1200, 630, [160, 82, 45]),
  };
  const refusingPort = await closedPort();
  let page = harborRoastPage();
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    requests.push(request.url ?? '/');
    let path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/late') {
      // Past the preview's page deadline, well within generation's 8 s.
      await new Promise((resolve) => setTimeout(resolve, latePageMs));
      if (!response.destroyed) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    if (path.startsWith('/slow')) {
      // Page and images each within their own deadline, the whole preview past the form's "still reading…".
      path = path.slice('/slow'.length);
      const delay = path === '' || path === '/' ? slowDelayMs.page : slowDelayMs.image;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (path === '' || path === '/') {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(harborRoastPage(undefined, '/slow'));
        return;
      }
    }
    const image = images[path];
    if (image) {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (path === '/data.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"a page"}');
    } else if (path === '/to-private') {
      // A public site sending the fetcher inside: the guard vets every hop.
      response.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
    } else if (path === '/to-another-port') {
      // A public site sending the fetcher to another host's other port: refused before any DNS.
      response.writeHead(302, { location: 'http://shop.example:6379/' }).end();
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name, path = '/') => `http://${testSiteNames[name]}:${name === 'closed' ? refusingPort : port}${path}`,
    requests,
    setPage(html) {
      page = html;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
