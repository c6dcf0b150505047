// Where an ad can run: each placement's shapes, length range, file-size cap and recommended size,
// as the platforms publish them (docs/platform-limits.md, with its sources). The order form reads
// it to say at once where a length cannot run; the pack lists each file's placements as pass/fail.
// The form reads only `placements` (names and lengths): the home page's script carries it.
import type { AdFormat } from './ad-formats.ts';

type Ratio = AdFormat['ratio'];
type Size = readonly [width: number, height: number];

/** A placement and the lengths it takes: all the order form reads, so the home page carries only this. */
export interface Placement {
  id: string;
  /** As a buyer says it in passing: "Reels", "TikTok ads". */
  short: string;
  minSeconds: number;
  maxSeconds: number;
}

/** The rest of a placement: its full name and what it takes of a file. */
interface PlacementDetails {
  /** As an ad manager names it. */
  name: string;
  /** Shapes the placement fills, each with the smallest size it accepts. */
  minSizes: Readonly<Partial<Record<Ratio, Size>>>;
  maxBytes: number;
  /** What the platform recommends; a smaller file still runs. */
  recommended: Size;
}

export const placements = [
  { id: 'tiktok-in-feed', short: 'TikTok ads', minSeconds: 5, maxSeconds: 60 },
  { id: 'meta-reels', short: 'Reels', minSeconds: 3, maxSeconds: 60 },
  { id: 'meta-stories', short: 'Stories', minSeconds: 3, maxSeconds: 60 },
  { id: 'meta-feed', short: 'Feed', minSeconds: 3, maxSeconds: 60 },
  { id: 'youtube-shorts', short: 'YouTube Shorts ads', minSeconds: 5, maxSeconds: 60 },
  { id: 'youtube-in-stream', short: 'YouTube in-stream ads', minSeconds: 10, maxSeconds: 180 },
] as const satisfies readonly Placement[];

const mb = 1024 * 1024;
const metaFile = { maxBytes: 4096 * mb, recommended: [1080, 1920] } as const;
const youtubeFile = { maxBytes: 256 * 1024 * mb } as const;

export const placementDetails: Record<PlacementId, PlacementDetails> = {
  'tiktok-in-feed': {
    name: 'TikTok in-feed ads',
    minSizes: { '9:16': [540, 960], '1:1': [640, 640], '16:9': [960, 540] },
    maxBytes: 500 * mb,
    recommended: [1080, 1920],
  },
  'meta-reels': { ...metaFile, name: 'Facebook and Instagram Reels', minSizes: { '9:16': [600, 1067] } },
  'meta-stories': { ...metaFile, name: 'Facebook and Instagram Stories', minSizes: { '9:16': [600, 1067] } },
  'meta-feed': {
    ...metaFile,
    name: 'Facebook and Instagram Feed',
    minSizes: { '4:5': [600, 750], '1:1': [600, 600], '16:9': [600, 338] },
    recommended: [1080, 1350],
  },
  'youtube-shorts': {
    ...youtubeFile,
    name: 'YouTube Shorts ads',
    minSizes: { '9:16': [0, 0] },
    recommended: [1080, 1920],
  },
  'youtube-in-stream': {
    ...youtubeFile,
    name: 'YouTube in-stream ads',
    minSizes: { '16:9': [0, 0] },
    recommended: [1920, 1080],
  },
};

export type PlacementId = (typeof placements)[number]['id'];

export interface PlacementCheck {
  placement: PlacementId;
  name: string;
  pass: boolean;
  /** Whether the placement takes the file's shape at all (a 16:9 file is not made for Reels). */
  takesRatio: boolean;
  /** Why it cannot run there, each a short clause; empty when it can. */
  reasons: string[];
  /** Runs, but below the size the platform recommends. */
  belowRecommended: boolean;
}

/** Whether a file of this shape, length and (when known) size can run in each placement, and why not. */
export function placementChecks(
  format: Pick<AdFormat, 'ratio' | 'width' | 'height'>,
  durationSeconds: number,
  bytes?: number,
): PlacementCheck[] {
  return placements.map((placement: Placement) => {
    const file = placementDetails[placement.id as PlacementId];
    const reasons = lengthReasons(placement, durationSeconds);
    const min = file.minSizes[format.ratio];
    if (!min) reasons.unshift(`does not take ${format.ratio} video`);
    else if (format.width < min[0] || format.height < min[1]) reasons.push(`needs at least ${min[0]}x${min[1]}`);
    if (bytes !== undefined && bytes > file.maxBytes) reasons.push(`takes files up to ${file.maxBytes / mb} MB`);
    const [width, height] = file.recommended;
    return {
      placement: placement.id as PlacementId,
      name: file.name,
      pass: reasons.length === 0,
      takesRatio: min !== undefined,
      reasons,
      belowRecommended: reasons.length === 0 && format.width * format.height < width * height,
    };
  });
}

/**
 * The placements a file is made for (those that take its shape), each passed or failed with its
 * reasons: what the order page and the ready email list beside each file.
 */
export function placementsFor(
  format: Pick<AdFormat, 'ratio' | 'width' | 'height'>,
  durationSeconds: number,
  bytes?: number,
): PlacementCheck[] {
  return placementChecks(format, durationSeconds, bytes).filter((check) => check.takesRatio);
}

/** What a length allows, whatever the file's shape: what the order form says under its length. */
export function placementsByLength(durationSeconds: number): { fits: Placement[]; tooShort: Placement[] } {
  const all: readonly Placement[] = placements;
  return {
    fits: all.filter((placement) => lengthReasons(placement, durationSeconds).length === 0),
    tooShort: all.filter((placement) => durationSeconds < placement.minSeconds),
  };
}

function lengthReasons(placement: Placement, durationSeconds: number): string[] {
  if (durationSeconds < placement.minSeconds) return [`needs at least ${placement.minSeconds} s`];
  if (durationSeconds > placement.maxSeconds) return [`takes at most ${placement.maxSeconds} s`];
  return [];
}

/**
 * A check in the buyer's words, the same on the order page and in the email: "runs", "runs (below
 * the recommended 1080x1920)", "does not run (needs at least 5 s)".
 */
export function placementVerdict(check: PlacementCheck): string {
  if (!check.pass) return `does not run (${check.reasons.join('; ')})`;
  if (!check.belowRecommended) return 'runs';
  const [width, height] = placementDetails[check.placement].recommended;
  return `runs (below the recommended ${width}x${height})`;
}
