// The shapes an ad is delivered in: each placement's frame, composed (not cropped) from the one
// storyboard by lambdas/generation/compose/. One place for each format's size and name: the
// renderer, the generation state machine, the order page and the emails read it.

export type AdFormatId = 'vertical-720' | 'vertical' | 'portrait' | 'square' | 'landscape';

export interface AdFormat {
  /** Stable: part of the file's S3 key and download name, and the state machine's item. */
  id: AdFormatId;
  ratio: '9:16' | '4:5' | '1:1' | '16:9';
  width: number;
  height: number;
  /** How the buyer tells the files apart on the order page and in the email. */
  label: string;
}

export const adFormats = [
  // The spec's deliverable: the order completes when this one is delivered.
  { id: 'vertical-720', ratio: '9:16', width: 720, height: 1280, label: 'Vertical 9:16, 720x1280' },
  // What Meta and Google recommend for Reels, Stories, TikTok and Shorts.
  { id: 'vertical', ratio: '9:16', width: 1080, height: 1920, label: 'Vertical 9:16, 1080x1920' },
  { id: 'portrait', ratio: '4:5', width: 1080, height: 1350, label: 'Portrait 4:5, 1080x1350' },
  { id: 'square', ratio: '1:1', width: 1080, height: 1080, label: 'Square 1:1, 1080x1080' },
  { id: 'landscape', ratio: '16:9', width: 1920, height: 1080, label: 'Landscape 16:9, 1920x1080' },
] as const satisfies readonly AdFormat[];

/** The format the order completes with (the spec's 720x1280 MP4). */
export const primaryFormat: AdFormat = adFormats[0];

export function adFormat(id: AdFormatId): AdFormat {
  const found = adFormats.find((format) => format.id === id);
  if (!found) throw new Error(`unknown ad format ${id}`);
  return found;
}
