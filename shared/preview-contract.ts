// POST /api/previews (docs/design.md "Generation pipeline"): what the ad will be made from, shown on the order form
// before the buyer pays. The answer's shape and the buyer's words for a site that cannot be read,
// shared by the handler, the site and the tests. The request schema checks the website with the
// public-address rules (ipaddr.js), so it lives apart, in preview-request.ts, out of the site's bundle.
import * as z from 'zod/mini';
import { type DurationChoice, durationChoices, type Style, styles } from './contract.ts';

/** Where a preview keeps what it read and its cleaned images, in the images bucket. */
export const previewPrefix = 'previews/';

export const previewImageSources = ['upload', 'hero', 'og-image', 'product', 'logo'] as const;

const hexColor = z.string().check(z.regex(/^#[0-9a-f]{6}$/));

export const previewResponseSchema = z.object({
  /** The host as the buyer reads it (no www.): "example.com". */
  host: z.string(),
  /** False when the site could not be read (unreachable, not HTML, blocked, refused by the guard). */
  readable: z.boolean(),
  /** Why not, in the buyer's words ("its address was not found"); only when not readable. */
  reason: z.optional(z.string()),
  /**
   * The prohibited category the site's content falls under (its label in the terms), when the
   * content check refuses it: an order for it would be refused and refunded.
   */
  refusedFor: z.optional(z.string()),
  businessName: z.string(),
  headline: z.string(),
  /** Claims, offers, prices and benefits in the site's own words, strongest first; at most 4. */
  claims: z.array(z.string()),
  /** The images the ad will use, the buyer's photo first: presigned GETs of copies in our bucket. */
  images: z.array(z.object({ url: z.url(), source: z.enum(previewImageSources), description: z.optional(z.string()) })),
  colors: z.object({ primary: hexColor, accent: hexColor, text: hexColor }),
  /** The storyboard's opening scene: its on-screen lines and what the voice says. */
  hook: z.object({ text: z.array(z.string()), voiceLine: z.string() }),
  /** A still of the ad's opening frame (720x1280 halved, WebP), when it could be drawn. */
  openingFrame: z.optional(z.url()),
  style: z.enum(styles),
  durationSeconds: z.enum(durationChoices),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

/** What the site sends (the order form's values). */
export interface PreviewRequest {
  website: string;
  style: Style;
  durationSeconds: DurationChoice;
  imageStoragePath: string | null;
}

/** The words (17 §1), with the real host: told before paying, never after. */
export function unreadableSiteMessage(host: string): string {
  return `We couldn't read ${host}; your ad will be made from your photo and the name`;
}
