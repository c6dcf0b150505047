// The ad as data (docs/design.md "Generation pipeline"): scenes that tile the ad, each with its on-screen text, its
// voice-over line, its visual (which image, what motion, what framing, its shots) and its length.
// Every writer (template, Bedrock) produces this shape and the renderer draws nothing else, so
// the rules a buyer would notice (hook length, end-card share, pace, cuts) are checked in storyboard-schema.ts.
import * as z from 'zod';
import { adDurations, styles } from '#shared/contract.ts';
import { sceneRoles } from './scene-plans.ts';

export const storyboardVersion = 3;

/** Where an image came from; the buyer's upload always comes first. */
export const assetSources = ['upload', 'hero', 'og-image', 'product', 'logo'] as const;
export type AssetSource = (typeof assetSources)[number];

/**
 * How a shot frames its image (its framing; where its text and picture then go is compose/layout.ts). `product-*`
 * framings keep the whole image visible on a designed
 * background (never cropped away); `full-bleed` fills the frame (photos of a setting, not of a
 * product); `brand` is the designed background alone; `site-scroll` is the storyboard's `siteView`
 * drawn as a phone screen of the shop (its asset is null); the CTA scene is always `end-card`.
 */
export const framings = ['product-hero', 'product-split', 'full-bleed', 'brand', 'site-scroll', 'end-card'] as const;
export type Framing = (typeof framings)[number];

/** `scroll` moves a `site-scroll` shot up the page as a thumb flicks it, and belongs to it alone. */
export const motions = ['push-in', 'pull-out', 'pan-left', 'pan-right', 'handheld', 'static', 'scroll'] as const;
export type Motion = (typeof motions)[number];

/** Phone-native elements, in a style that has them (its `copy.phoneElements`). */
export const phoneElementKinds = ['comment-reply', 'text-bubble'] as const;

/** Runway's promptText limit (1000) is the tightest of the providers'; a prompt stays well under it. */
export const footagePromptMaxChars = 400;

/** Scene roles that may carry AI footage: the product in use, a setting, a person. */
export const footageRoles: readonly string[] = ['benefit', 'proof'];

export const textLimits = { charsPerLine: 32, lines: 2, callout: 16, phoneElement: 60 } as const;

/** The site view's text, as short as a phone screen shows it: a product card's name, a price, a banner. */
export const siteViewLimits = { headline: 80, offer: 48, productName: 40, price: 16, products: 4 } as const;

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour is #rrggbb in lower case');
const textLine = z.string().trim().min(1).max(textLimits.charsPerLine);

export const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

const assetSchema = z.object({
  /** Referenced by shots and the end card, e.g. `upload`, `site-1`. */
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  source: z.enum(assetSources),
  /** The buyer's upload: its key in the images bucket. */
  key: z.string().min(1).optional(),
  /** A site image: its absolute http(s) URL, fetched SSRF-safely and cleaned at render time. */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** What the image shows, when the page said (alt text): writers may use it. */
  description: z.string().max(200).optional(),
});

const shotFields = z.object({
  /** An asset id, or null for the designed brand background. */
  asset: z.string().nullable(),
  framing: z.enum(framings),
  motion: z.enum(motions),
  seconds: z.number().positive(),
});

/**
 * Storyboards written before the field was named `framing` (carried by executions, stored with an order's
 * version 1 for its revision) name it `layout`: read as `framing`.
 */
function withFramingField(shot: unknown): unknown {
  if (typeof shot !== 'object' || shot === null || !('layout' in shot) || 'framing' in shot) return shot;
  const { layout, ...rest } = shot;
  return { ...rest, framing: layout };
}

const shotSchema = z.preprocess(withFramingField, shotFields);

const sceneSchema = z.object({
  role: z.enum(sceneRoles),
  startSeconds: z.number().min(0),
  endSeconds: z.number().positive(),
  /** On-screen text, ≤ 2 lines × 32 characters; the voice-over's words are captioned separately. */
  text: z.array(textLine).min(1).max(textLimits.lines),
  /** A word or phrase of `text` drawn in the accent colour. */
  emphasis: z.string().min(1).optional(),
  /** What the voice says during this scene; empty only when the scene is held silent on purpose. */
  voiceLine: z.string().trim().max(200),
  /** Back-to-back shots that fill the scene: more than one is a cut inside the scene. */
  shots: z.array(shotSchema).min(1).max(4),
  /** A price, discount or number stamped on the scene (offer call-outs), taken from the site. */
  callout: z.string().trim().min(1).max(textLimits.callout).optional(),
  /** A comment reply or a text bubble over the top of the frame, in a style with phone elements. */
  phoneElement: z.object({ kind: z.enum(phoneElementKinds), text: z.string().trim().min(1).max(60) }).optional(),
  /**
   * AI footage for this scene when the stage has a video model (docs/design.md "Generation pipeline"): a visual prompt
   * and the first-frame image (an asset id; null: text-to-video only). Only scenes that gain from
   * it (the product in use, a setting, a person: benefit and proof); never the product shot.
   */
  footage: z
    .object({ prompt: z.string().trim().min(10).max(footagePromptMaxChars), image: z.string().nullable() })
    .optional(),
});

/**
 * The rungs of the hook ladder (fact-pool.ts) an opening can stand on: the site's question or
 * headline, a concrete offer, a number with its noun — the product's own rating, the product with
 * its price, a claim's number — or the product's own review; `list` opens a creator's list and
 * `name` says the business's name (a site that gave nothing else, or the name reveal:
 * storyboard/copy-openings.ts). `question` may also be the site's headline asked as one. An
 * alternative opening never stands on `list` (the body would have to be numbered).
 */
export const hookRungs = [
  'question',
  'headline',
  'offer',
  'rating',
  'price',
  'number',
  'review',
  'list',
  'name',
] as const;
export type HookRung = (typeof hookRungs)[number];

/** Openings to A/B test: A is the storyboard's own, B and C the alternatives. */
export const openingIds = ['A', 'B', 'C'] as const;
export type OpeningId = (typeof openingIds)[number];

/**
 * An opening: the hook scene's words and its shots (what is on frame 0), on the rung it stands on.
 * The rest of the ad (the body, the end card, the music) is the same for every opening.
 */
const openingSchema = z.object({
  id: z.enum(openingIds),
  rung: z.enum(hookRungs),
  text: z.array(textLine).min(1).max(textLimits.lines),
  emphasis: z.string().min(1).optional(),
  voiceLine: z.string().trim().max(200),
  callout: z.string().trim().min(1).max(textLimits.callout).optional(),
  shots: z.array(shotSchema).min(1).max(4),
});

/**
 * What a `site-scroll` shot draws: the shop as the site reader read and cleaned it (never its page
 * loaded at render), in the storyboard so the renderer needs nothing else. Images are asset ids.
 */
const siteViewSchema = z.object({
  headline: z.string().trim().min(1).max(siteViewLimits.headline).optional(),
  offer: z.string().trim().min(1).max(siteViewLimits.offer).optional(),
  /** The page's hero or share image, or null. */
  hero: z.string().nullable(),
  /** The logo for the header bar, or null: the header then sets the brand's name. */
  logo: z.string().nullable(),
  products: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(siteViewLimits.productName),
        price: z.string().trim().min(1).max(siteViewLimits.price).optional(),
        /** The product's own rating out of 5 (schema.org AggregateRating). */
        rating: z.number().min(0).max(5).optional(),
        image: z.string().nullable(),
      }),
    )
    .max(siteViewLimits.products),
});

/** The storyboard's fields; storyboard-schema.ts adds the rules between them and the style's plan. */
export const storyboardShape = z.object({
  version: z.literal(storyboardVersion),
  style: z.enum(styles),
  durationSeconds: z.literal(adDurations),
  /** Who speaks: the brand's narrator, or a first-person customer (UGC). */
  persona: z.enum(['brand', 'first-person']),
  writer: z.enum(['template', 'bedrock']),
  brand: z.object({ name: z.string().trim().min(1).max(60), domain: z.string().trim().min(1).max(48) }),
  /** What the ad sells (the site's first product), or null when the site names none. */
  product: z
    .object({ name: z.string().trim().min(1).max(60), price: z.string().trim().min(1).max(40).optional() })
    .nullable(),
  palette: z.object({ primary: hexColor, accent: hexColor, text: hexColor }),
  /** Every usable image, the buyer's upload first; empty when there is none. */
  assets: z.array(assetSchema).max(6),
  scenes: z.array(sceneSchema).min(3).max(6),
  /**
   * The ad's openings to A/B test (openings.ts withOpening renders each): A, the storyboard's own
   * hook scene, then up to two alternatives from other rungs of the hook ladder. Absent: one opening.
   */
  openings: z.array(openingSchema).min(1).max(openingIds.length).optional(),
  /** The shop as a phone screen shows it, for `site-scroll` shots; absent when the site gave too little to draw. */
  siteView: siteViewSchema.optional(),
  endCard: z.object({
    /** What the card says above its button: the offer, the product and its price, or a reason; never the brand's name again. */
    title: textLine,
    /** The site's offer the card carries (its title says it), for the bench and the writers' checks. */
    offer: textLine.optional(),
    cta: textLine,
    domain: z.string().trim().min(1).max(48),
    /** The product (or logo) shown beside the CTA; null only when there is no image at all. */
    asset: z.string().nullable(),
  }),
});

export type Storyboard = z.infer<typeof storyboardShape>;
export type StoryboardScene = Storyboard['scenes'][number];
export type StoryboardShot = StoryboardScene['shots'][number];
export type StoryboardAsset = Storyboard['assets'][number];

/**
 * The shots a scene's clip (its AI footage) plays in: all of a one-shot scene, else every shot after the first,
 * which keeps showing the real product (a generated frame is never the product shot).
 */
export function clipShotIndexes(scene: StoryboardScene): number[] {
  return scene.shots.map((_, index) => index).filter((index) => scene.shots.length === 1 || index > 0);
}

/** Seconds of a scene its clip covers. */
export function clipSpanSeconds(scene: StoryboardScene): number {
  return clipShotIndexes(scene).reduce((sum, index) => sum + scene.shots[index]!.seconds, 0);
}
