// What each shot shows and how (docs/design.md "Generation pipeline", compose/README.md): the buyer's photo first, then the
// site's images; every photo whole (`product-*`) unless the site drew it as a section's backdrop
// (a product, a screenshot or a share card with text on it is never cropped to fill the frame), the
// logo only on the end card or a brand shot; the camera moves and the framing by role are the
// style's (its `visuals`, styles/<style>.ts).
import type { StyleDefinition } from '#generation/styles/style-definition.ts';
import type { SiteImage } from '#generation/website/extract-site-facts.ts';
import type { PlannedScene, SceneRole } from './scene-plans.ts';
import type { Framing, StoryboardAsset, StoryboardShot } from './storyboard.ts';

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

/**
 * The shots of every scene, in order. Images are handed out in turn, shot by shot, so a cut shows
 * another image when there is one; with a single image a cut changes its framing instead. A scene
 * the plan gives a view shows it in all its shots (one continuing scroll) when the storyboard has one.
 */
export function planShots(
  visuals: StyleDefinition['visuals'],
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
  let previous: { asset: string | null; framing: Framing } | undefined;
  return plan.map((planned, sceneIndex) => {
    const role = roles[sceneIndex]!;
    return shotLengths(planned.seconds, planned.shots).map((seconds, shotIndex): StoryboardShot => {
      if (role === 'cta') {
        return { asset: cardAsset, framing: 'end-card', motion: visuals.endCardMotion, seconds };
      }
      if (planned.view === 'site-scroll' && views.siteScroll) {
        previous = { asset: null, framing: 'site-scroll' };
        return { asset: null, framing: 'site-scroll', motion: 'scroll', seconds };
      }
      const image = images.length > 0 ? images[turn % images.length]! : null;
      const motion = visuals.motions[turn % visuals.motions.length]!;
      turn += 1;
      const asset = image?.id ?? logo?.id ?? null;
      let framing: Framing = image
        ? backdrops.has(image.id)
          ? 'full-bleed'
          : visuals.productFraming(role, shotIndex)
        : 'brand';
      // The same picture twice in a row is not a cut: frame it differently.
      if (framing !== 'full-bleed' && previous?.asset === asset && previous.framing === framing) {
        framing = framing === 'product-hero' ? 'product-split' : 'product-hero';
      }
      previous = { asset, framing };
      return { asset, framing, motion, seconds };
    });
  });
}

/** A scene's time cut into `count` shots, in tenths of a second so the lengths add up exactly. */
function shotLengths(seconds: number, count: number): number[] {
  const tenths = Math.round(seconds * 10);
  return Array.from({ length: count }, (_, index) => {
    const share = Math.floor(tenths / count) + (index < tenths % count ? 1 : 0);
    return share / 10;
  });
}
