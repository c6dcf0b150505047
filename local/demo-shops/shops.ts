// The demo shops' panel: each fixture shop's host name and what a marketer reading its page would
// say it sells, so the ad bench (tests/bench/ads.ts) can judge an ad against the shop, not against
// whatever the site reader happened to find.
import { fileURLToPath } from 'node:url';

export interface DemoShop {
  /** Its folder here (index.html and assets). */
  slug: string;
  /** The public-looking name it is served under; the business name must fit it (site-domain.ts). */
  host: string;
  name: string;
  /** The product the page names, with its price as the page writes it; null: it names none. */
  product: { name: string; price: string | null } | null;
  /** The page's offer, when it makes one. */
  offer: string | null;
  /** How the server answers: the page, a 503, or a body that is not HTML. */
  answers: 'page' | 'unavailable' | 'not-html';
  /** Whether the page offers a photograph an ad can show. */
  photo: boolean;
  /**
   * The product photo its buyer uploads (a path under local/demo-shops): the order form asks for one
   * when the site cannot be read, and the API refuses such an order without it.
   */
  buyerPhoto?: string;
  /** What the panel covers with this shop. */
  about: string;
}

export const demoShops = [
  {
    slug: 'ember-oak-coffee',
    host: 'emberoakcoffee.test',
    name: 'Ember & Oak Coffee',
    product: { name: 'House Blend', price: '$16' },
    offer: 'Subscribe and save 15%',
    answers: 'page',
    photo: true,
    about: 'schema.org Product JSON-LD (price, AggregateRating 4.8/212, a Review), an SVG logo and a PNG touch icon',
  },
  {
    slug: 'picky-paws',
    host: 'pickypaws.test',
    name: 'Picky Paws',
    product: { name: 'Wild Salmon Bites', price: '$12' },
    offer: 'Buy 3, get 1 free',
    answers: 'page',
    photo: true,
    about: 'microdata only (no JSON-LD); the headline "Salmon treats picky cats actually finish"',
  },
  {
    slug: 'agora-coins',
    host: 'agoracoins.test',
    name: 'Agora Coins',
    product: { name: 'Greek Silver Coin Set', price: '$4,200' },
    offer: null,
    answers: 'page',
    photo: true,
    about: 'Open Graph product tags only (og:type product, product:price:amount), a "12-month warranty"; a grey photo',
  },
  {
    slug: 'launchpad-prints',
    host: 'launchpadprints.test',
    name: 'Launchpad Prints',
    product: { name: 'Falcon 9 Launch Print', price: '$48' },
    offer: 'Free framing on orders over $100',
    answers: 'page',
    photo: true,
    about: 'a question headline ("Tired of bare walls?"), three photos, JSON-LD Organization + Product',
  },
  {
    slug: 'marlow-letterpress',
    host: 'marlowletterpress.test',
    name: 'Marlow Letterpress',
    product: { name: 'Classic Invitation Suite', price: '$240' },
    offer: null,
    answers: 'page',
    photo: false,
    about: 'readable with no image at all: text and its own colours (theme-color #7b2d3b)',
  },
  {
    slug: 'closed-bakery',
    host: 'closedbakery.test',
    name: 'Closed Bakery',
    product: null,
    offer: null,
    answers: 'unavailable',
    photo: false,
    buyerPhoto: 'ember-oak-coffee/img/house-blend-cup.jpg',
    about: 'unreadable: every request answers 503 Service Unavailable',
  },
  {
    slug: 'glowlab-skin',
    host: 'glowlabskin.test',
    name: 'Glow Lab Skin',
    product: null,
    offer: null,
    answers: 'not-html',
    photo: false,
    buyerPhoto: 'ember-oak-coffee/img/house-blend-square.jpg',
    about: 'unreadable: the home page is a PDF (application/pdf), not HTML',
  },
] as const satisfies readonly DemoShop[];

export type DemoShopSlug = (typeof demoShops)[number]['slug'];

export function demoShop(slug: DemoShopSlug): DemoShop {
  return demoShops.find((shop) => shop.slug === slug)!;
}

/** The upload key a demo buyer's photo is stored under (any key the API would hand out). */
export const demoUploadKey = '8a1d0c7e-5b3f-4c2a-9e61-2f4d7b9c0a13.jpg';

/** A shop's buyer photo on disk, or null when its buyer uploads none. */
export function buyerPhotoPath(shop: DemoShop): string | null {
  return shop.buyerPhoto ? fileURLToPath(new URL(shop.buyerPhoto, import.meta.url)) : null;
}
