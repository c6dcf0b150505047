// The shop as a phone screen shows it, for `site-scroll` shots: built only from what the site reader
// already read and cleaned (its headline, offer, products with their own prices, ratings and images,
// its logo), with images referenced as the storyboard's assets, so the renderer fetches nothing new.
// A site that gave too little for a page a viewer would recognise gets no view (the scene shows
// photos as usual).
import type { SiteCopy } from './site-copy.ts';
import { type Storyboard, type StoryboardAsset, siteViewLimits } from './storyboard.ts';
import type { StoryboardInput } from './writer.ts';

export type SiteView = NonNullable<Storyboard['siteView']>;

/** Whole words only: a name or banner that does not fit is left out, never cut. */
const fits = (text: string | undefined, max: number) => {
  const tidy = text?.replace(/\s+/g, ' ').trim();
  return tidy && tidy.length <= max ? tidy : undefined;
};

/**
 * The view of the site, or undefined when it gave too little to draw: it needs at least one product
 * the page names and at least one picture (a product's own photo or the page's hero).
 */
export function siteViewOf(
  site: StoryboardInput['site'],
  copy: SiteCopy,
  assets: readonly StoryboardAsset[],
): SiteView | undefined {
  if (site.source === 'fallback' || !copy.hasFacts) return undefined;
  const byUrl = new Map(assets.flatMap((asset) => (asset.url ? [[asset.url, asset.id] as const] : [])));
  const products = (site.products ?? []).slice(0, siteViewLimits.products).flatMap((product) => {
    const name = fits(product.name, siteViewLimits.productName);
    if (!name) return [];
    const price = fits(product.price, siteViewLimits.price);
    const rating = product.rating && product.rating.value > 0 ? ratingOutOfFive(product.rating) : undefined;
    return [
      {
        name,
        ...(price ? { price } : {}),
        ...(rating !== undefined ? { rating } : {}),
        image: (product.imageUrl && byUrl.get(product.imageUrl)) || null,
      },
    ];
  });
  const hero =
    assets.find((asset) => asset.source === 'hero') ??
    assets.find((asset) => asset.source === 'og-image') ??
    assets.find((asset) => asset.source === 'upload');
  const logo = assets.find((asset) => asset.source === 'logo');
  const pictures = [hero?.id, ...products.map((product) => product.image)].filter(Boolean);
  if (products.length === 0 || pictures.length === 0) return undefined;
  const headline = fits(copy.headline, siteViewLimits.headline);
  const offer = copy.offers.map((text) => fits(text, siteViewLimits.offer)).find(Boolean);
  return {
    ...(headline ? { headline } : {}),
    ...(offer ? { offer } : {}),
    hero: hero?.id ?? null,
    logo: logo?.id ?? null,
    products,
  };
}

function ratingOutOfFive(rating: { value: number; best?: number }): number {
  const best = rating.best && rating.best > 0 ? rating.best : 5;
  return Math.round(Math.min(5, (rating.value / best) * 5) * 10) / 10;
}
