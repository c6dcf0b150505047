// The shop's page as a phone shows it, drawn by the engine for `site-scroll` shots from the
// storyboard's `siteView` (never the buyer's page loaded in a browser): a header bar in the brand's
// colour with its logo or name, the headline, the hero picture, the offer on a banner, and the
// product cards (photo, name, price, stars). `sitePageSize` is the pure part the layout uses (how
// tall the page is, so how far it scrolls); `drawSitePage` draws it at plate scale with satori.
import satori from 'satori';
import sharp from 'sharp';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { inkOrWhite } from './color.ts';
import { loadFonts } from './fonts.ts';
import { frame } from './geometry.ts';
import { rasterize } from './rasterize.ts';

export type SiteView = NonNullable<Storyboard['siteView']>;

/** Heights of the page's parts, design px (720 wide). */
const part = {
  header: 112,
  headline: 210,
  hero: 520,
  offer: 112,
  cardRow: 500,
  footer: 140,
  gutter: 28,
  photo: 300,
} as const;
/** The page scrolls at least this far, however little the site gave: a still page is not a scroll. */
export const minScrollPx = 420;

/**
 * The page's parts, design px (its width is the frame's). A page shorter than the frame plus
 * `minScrollPx` gives the difference to its pictures (the product photos, else the hero) rather
 * than to blank paper below them.
 */
export function sitePageLayout(view: SiteView): { height: number; hero: number; cardRow: number; photo: number } {
  const rows = Math.ceil(view.products.length / 2);
  const content =
    part.header +
    (view.headline ? part.headline : part.gutter) +
    (view.hero ? part.hero : 0) +
    (view.offer ? part.offer : 0) +
    rows * part.cardRow +
    part.footer;
  const height = Math.max(content, frame.height + minScrollPx);
  const extra = height - content;
  const perRow = rows > 0 ? extra / rows : 0;
  return {
    height,
    hero: part.hero + (rows > 0 ? 0 : extra),
    cardRow: part.cardRow + perRow,
    photo: part.photo + perRow,
  };
}

/** The page's height in design px: at least the frame plus `minScrollPx`. */
export const sitePageHeight = (view: SiteView) => sitePageLayout(view).height;

export interface SitePageInput {
  view: SiteView;
  brand: Storyboard['brand'];
  palette: Storyboard['palette'];
  /** Clean image bytes by asset id (those the view names; a missing one draws a plain tile). */
  images: ReadonlyMap<string, Buffer>;
  /** Plate px per design px (frame scale × plate scale). */
  scale: number;
}

/** An image resized to fill its box, as a data URI satori can draw. */
async function fitted(
  bytes: Buffer | undefined,
  width: number,
  height: number,
  contain = false,
): Promise<string | null> {
  if (!bytes) return null;
  const png = await sharp(bytes)
    .resize(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)), {
      fit: contain ? 'contain' : 'cover',
      position: 'attention',
      background: { r: 255, g: 255, b: 255, alpha: 0 },
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

function Stars({ rating, size }: { rating: number; size: number }) {
  const points = '12,1.5 15,8.6 22.5,9.2 16.8,14.1 18.6,21.5 12,17.6 5.4,21.5 7.2,14.1 1.5,9.2 9,8.6';
  return (
    <div style={{ display: 'flex', flexDirection: 'row', gap: size * 0.15 }}>
      {[0, 1, 2, 3, 4].map((index) => (
        <svg key={`star-${index}`} width={size} height={size} viewBox="0 0 24 24" role="img" aria-label="star">
          <polygon points={points} fill={rating >= index + 0.5 ? '#f5a623' : '#d9d9d9'} />
        </svg>
      ))}
    </div>
  );
}

/** The page as RGBA pixels, (frame width × page height) × `scale`. */
export async function drawSitePage(input: SitePageInput): Promise<{ data: Buffer; width: number; height: number }> {
  const { view, brand, palette, images, scale } = input;
  const s = (value: number) => Math.round(value * scale);
  const sizes = sitePageLayout(view);
  const width = s(frame.width);
  const height = s(sizes.height);
  const pad = s(32);
  const headerInk = inkOrWhite(palette.primary);
  // One product takes the row; more share it two by two.
  const single = view.products.length === 1;
  const cardWidth = single ? width - 2 * pad : (width - 3 * pad) / 2;
  const photo = { width: cardWidth, height: s(sizes.photo) };
  // The card's rounded top corners, drawn on the photo itself: a card that clipped its children
  // (overflow hidden) gave every element in it an SVG mask the size of the whole page, which
  // librsvg renders off screen one by one (half the page's drawing time).
  const photoCorners = { borderTopLeftRadius: s(18), borderTopRightRadius: s(18) };
  const [logo, hero, ...photos] = await Promise.all([
    view.logo ? fitted(images.get(view.logo), s(240), s(64), true) : null,
    view.hero ? fitted(images.get(view.hero), width, s(sizes.hero)) : null,
    ...view.products.map((product) =>
      product.image ? fitted(images.get(product.image), photo.width, photo.height) : null,
    ),
  ]);
  const node = (
    <div style={{ display: 'flex', flexDirection: 'column', width, height, backgroundColor: '#ffffff' }}>
      <div
        style={{
          display: 'flex',
          flexDirection: 'row',
          alignItems: 'center',
          justifyContent: 'space-between',
          height: s(part.header),
          padding: `0 ${pad}px`,
          backgroundColor: palette.primary,
        }}
      >
        {logo ? (
          <div style={{ display: 'flex', backgroundColor: '#ffffff', borderRadius: s(10), padding: s(6) }}>
            <img src={logo} width={s(240)} height={s(64)} style={{ objectFit: 'contain' }} alt="" />
          </div>
        ) : (
          <div style={{ display: 'flex', color: headerInk, fontSize: s(36), fontWeight: 800 }}>{brand.name}</div>
        )}
        <div style={{ display: 'flex', flexDirection: 'column', gap: s(7) }}>
          {[0, 1, 2].map((bar) => (
            <div
              key={`bar-${bar}`}
              style={{ display: 'flex', width: s(36), height: s(5), borderRadius: s(3), backgroundColor: headerInk }}
            />
          ))}
        </div>
      </div>
      {view.headline ? (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            height: s(part.headline),
            padding: `0 ${pad}px`,
            color: '#111111',
            fontSize: s(44),
            fontWeight: 800,
            lineHeight: 1.15,
          }}
        >
          {view.headline}
        </div>
      ) : (
        <div style={{ display: 'flex', height: s(part.gutter) }} />
      )}
      {view.hero ? (
        hero ? (
          <img src={hero} width={width} height={s(sizes.hero)} alt="" />
        ) : (
          <div style={{ display: 'flex', height: s(sizes.hero), backgroundColor: '#eeeeee' }} />
        )
      ) : null}
      {view.offer ? (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            height: s(part.offer),
            padding: `0 ${pad}px`,
            backgroundColor: palette.accent,
            color: inkOrWhite(palette.accent),
            fontSize: s(34),
            fontWeight: 800,
          }}
        >
          {view.offer}
        </div>
      ) : null}
      <div
        style={{ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', gap: pad, padding: `${pad}px ${pad}px 0` }}
      >
        {view.products.map((product, index) => (
          <div
            key={`card-${product.name}`}
            style={{
              display: 'flex',
              flexDirection: 'column',
              width: cardWidth,
              height: s(sizes.cardRow) - pad,
              borderRadius: s(18),
              backgroundColor: '#f4f4f4',
            }}
          >
            {photos[index] ? (
              <img src={photos[index]!} width={photo.width} height={photo.height} style={photoCorners} alt="" />
            ) : (
              <div
                style={{
                  display: 'flex',
                  width: photo.width,
                  height: photo.height,
                  backgroundColor: '#e6e6e6',
                  ...photoCorners,
                }}
              />
            )}
            <div style={{ display: 'flex', flexDirection: 'column', gap: s(8), padding: s(16) }}>
              <div style={{ display: 'flex', color: '#111111', fontSize: s(27), fontWeight: 600, lineHeight: 1.15 }}>
                {product.name}
              </div>
              {product.price ? (
                <div style={{ display: 'flex', color: '#111111', fontSize: s(32), fontWeight: 900 }}>
                  {product.price}
                </div>
              ) : null}
              {product.rating !== undefined ? <Stars rating={product.rating} size={s(24)} /> : null}
            </div>
          </div>
        ))}
      </div>
      <div
        style={{
          display: 'flex',
          flexGrow: 1,
          alignItems: 'flex-end',
          justifyContent: 'center',
          paddingBottom: s(48),
          color: '#777777',
          fontSize: s(26),
          fontWeight: 600,
        }}
      >
        {brand.domain}
      </div>
    </div>
  );
  const fonts = [...loadFonts().values()].map((font) => ({
    name: 'Inter',
    data: font.data,
    weight: font.weight,
    style: 'normal' as const,
  }));
  return rasterize(await satori(node, { width, height, fonts }));
}
