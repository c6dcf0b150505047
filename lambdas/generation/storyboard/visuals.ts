// What each shot shows and how (DESIGN §5, issue 14 §4 and §6): the buyer's photo first, then the
// site's images; every photo whole (`product-*`) unless the site drew it as a section's backdrop
// (a product, a screenshot or a share card with text on it is never cropped to fill the frame), the
// logo only on the end card or a brand shot; slow camera moves for cinematic, still punchy cuts
// for direct-response, a hand-held phone for UGC.
import type { SiteImage } from '#generation/website/extract-site-facts.ts';
import type { Style } from '#shared/contract.ts';
import type { PlannedScene, SceneRole } from './scene-plans.ts';
import type { Layout, Motion, StoryboardAsset, StoryboardShot } from './storyboard.ts';

const maxAssets = 6;

/**
 * The upload (id `upload`) then the site's images (ids `site-1`…), at most six in all, and the ids
 * of those that may fill the frame.
 */
export function storyboardAssets(
  uploadKey: string | null | undefined,
  images: readonly SiteImage[],
): { assets: StoryboardAsset[]; backdrops: ReadonlySet<string> } {
  const upload: StoryboardAsset[] = uploadKey ? [{ id: 'upload', source: 'upload', key: uploadKey }] : [];
  const site = images.slice(0, maxAssets - upload.length).map(
    (image, index): StoryboardAsset => ({
      id: `site-${index + 1}`,
      source: image.source,
      url: image.url,
      ...(image.description ? { description: image.description.slice(0, 200) } : {}),
    }),
  );
  const backdrops = new Set(site.filter((_, index) => images[index]!.backdrop).map((asset) => asset.id));
  return { assets: [...upload, ...site], backdrops };
}

/** Photos a scene can show, best first: the upload, products, the hero, the share image. */
function sceneImages(assets: StoryboardAsset[]): StoryboardAsset[] {
  const rank: Record<StoryboardAsset['source'], number> = { upload: 0, product: 1, hero: 2, 'og-image': 3, logo: 9 };
  return assets.filter((asset) => asset.source !== 'logo').sort((a, b) => rank[a.source] - rank[b.source]);
}

/** The end card shows the upload, else the best product image, else the logo, else any photo. */
export function endCardAsset(assets: StoryboardAsset[]): string | null {
  const bySource = (source: StoryboardAsset['source']) => assets.find((asset) => asset.source === source);
  return (bySource('upload') ?? bySource('product') ?? bySource('logo') ?? sceneImages(assets)[0])?.id ?? null;
}

const motionsByStyle: Record<Style, readonly Motion[]> = {
  cinematic: ['push-in', 'pull-out'],
  'direct-response': ['static'],
  ugc: ['handheld'],
};

/**
 * The shots of every scene, in order. Images are handed out in turn, shot by shot, so a cut shows
 * another image when there is one; with a single image a cut changes its framing instead. A scene
 * the plan gives a view shows it in all its shots (one continuing scroll) when the storyboard has one.
 */
export function planShots(
  style: Style,
  plan: readonly PlannedScene[],
  roles: readonly SceneRole[],
  assets: StoryboardAsset[],
  backdrops: ReadonlySet<string>,
  views: { siteScroll: boolean } = { siteScroll: false },
): StoryboardShot[][] {
  const images = sceneImages(assets);
  const logo = assets.find((asset) => asset.source === 'logo') ?? null;
  const cardAsset = endCardAsset(assets);
  let turn = 0;
  let previous: { asset: string | null; layout: Layout } | undefined;
  return plan.map((planned, sceneIndex) => {
    const role = roles[sceneIndex]!;
    return shotLengths(planned.seconds, planned.shots).map((seconds, shotIndex): StoryboardShot => {
      if (role === 'cta') {
        return { asset: cardAsset, layout: 'end-card', motion: style === 'ugc' ? 'handheld' : 'static', seconds };
      }
      if (planned.view === 'site-scroll' && views.siteScroll) {
        previous = { asset: null, layout: 'site-scroll' };
        return { asset: null, layout: 'site-scroll', motion: 'scroll', seconds };
      }
      const image = images.length > 0 ? images[turn % images.length]! : null;
      const motion = motionFor(style, turn);
      turn += 1;
      const asset = image?.id ?? logo?.id ?? null;
      let layout = image ? layoutFor(style, role, backdrops.has(image.id), shotIndex) : 'brand';
      // The same picture twice in a row is not a cut: frame it differently.
      if (layout !== 'full-bleed' && previous?.asset === asset && previous.layout === layout) {
        layout = layout === 'product-hero' ? 'product-split' : 'product-hero';
      }
      previous = { asset, layout };
      return { asset, layout, motion, seconds };
    });
  });
}

function layoutFor(style: Style, role: SceneRole, backdrop: boolean, shotIndex: number): Layout {
  if (backdrop) return 'full-bleed';
  if (style === 'direct-response') return role === 'hook' ? 'product-hero' : 'product-split';
  if (style === 'ugc') return 'product-hero';
  return role === 'hook' || (role === 'benefit' && shotIndex === 0) ? 'product-hero' : 'product-split';
}

function motionFor(style: Style, turn: number): Motion {
  const motions = motionsByStyle[style];
  return motions[turn % motions.length]!;
}

/** A scene's time cut into `count` shots, in tenths of a second so the lengths add up exactly. */
function shotLengths(seconds: number, count: number): number[] {
  const tenths = Math.round(seconds * 10);
  return Array.from({ length: count }, (_, index) => {
    const share = Math.floor(tenths / count) + (index < tenths % count ? 1 : 0);
    return share / 10;
  });
}
