// The frame every ad is drawn in and the zones of it a platform covers with its own interface
// (below). Boxes are in frame pixels, origin top left. The layout is worked out in the design
// frame's pixels (720 wide, the spec's deliverable) and then scaled once to the frame an ad is
// rendered at (`FrameGeometry`, e.g. 1080x1920, what Meta and Google recommend).

/** The design frame: the default deliverable, and the units every size in compose/ is written in. */
export const frame = { width: 720, height: 1280, fps: 30 } as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Both platforms' at 720x1280 (their published safe zones): Reels keep the top 14 % (179 px),
 * the bottom 35 % (448 px) and 6 % of each side (43 px) free; TikTok's like/comment/share column
 * covers the right edge, so text stays left of x 592 (the caption box, 128 px from the edge).
 */
export const safeZone: Box = { x: 43, y: 179, width: 549, height: 653 };

/**
 * A format's design frame: its size in design px (720 on the 9:16's width and on the short side of
 * the others, so type and gaps keep their sizes) and its own safe zone. `columns`: the picture
 * beside the text (16:9) rather than under it.
 */
export interface DesignFrame {
  width: number;
  height: number;
  fps: number;
  safeZone: Box;
  columns: boolean;
}

/**
 * Per ratio (shared/ad-formats.ts). 9:16: Reels/TikTok's zones (above). 4:5 and 1:1 are Feed
 * placements, whose interface sits around the media rather than over it, and the research holds
 * no documented Feed safe area: a stated margin of 6 % on every side. 16:9 (YouTube in-stream and
 * feeds): 6 % at the sides and top, and the bottom 15 % kept free for the player's progress bar,
 * controls and ad badge.
 */
export const designFrames = {
  '9:16': { width: 720, height: 1280, fps: frame.fps, safeZone, columns: false },
  '4:5': {
    width: 720,
    height: 900,
    fps: frame.fps,
    safeZone: { x: 43, y: 54, width: 634, height: 792 },
    columns: false,
  },
  '1:1': {
    width: 720,
    height: 720,
    fps: frame.fps,
    safeZone: { x: 43, y: 43, width: 634, height: 634 },
    columns: false,
  },
  '16:9': {
    width: 1280,
    height: 720,
    fps: frame.fps,
    safeZone: { x: 77, y: 43, width: 1126, height: 569 },
    columns: true,
  },
} as const satisfies Record<string, DesignFrame>;

/** Plates are never narrower than this (see `FrameGeometry.plateScale`). */
const minPlateWidth = 1080;

export interface FrameSize {
  width: number;
  height: number;
}

/**
 * The frame an ad is rendered at: its size, `scale` (its width over the design frame's: every
 * design px is `scale` frame px) and its safe zone, the same shares of it as at 720x1280.
 */
export interface FrameGeometry {
  width: number;
  height: number;
  fps: number;
  scale: number;
  safeZone: Box;
  /** The design frame the layout is worked out in (its ratio's). */
  design: DesignFrame;
  /**
   * Plates (motion.ts) are drawn this much larger than the frame, so zoompan's whole-pixel steps stay
   * below one output pixel: 1.5 at 720x1280 (a 1080 px plate). Larger frames keep a plate at least
   * 1080 px wide (1 at 1080x1920): its steps are then the same share of the frame as at 720x1280,
   * and a 1.5x plate (1620x2880) measured ~12 % slower and 0.2 GB more at the peak (README).
   */
  plateScale: number;
}

/** The frame sizes the renderer accepts: a ratio of `designFrames`, even sides for yuv420p. */
export function frameGeometry(size: FrameSize = frame): FrameGeometry {
  const { width, height } = size;
  const design = Object.values(designFrames).find(
    (candidate) => Math.abs(height - (width * candidate.height) / candidate.width) <= 1,
  );
  if (!Number.isInteger(width) || !Number.isInteger(height) || width % 2 || height % 2 || !design) {
    throw new Error(
      `frame must be 9:16, 4:5, 1:1 or 16:9 with even whole sides (e.g. 720x1280, 1080x1350), not ${width}x${height}`,
    );
  }
  if (Math.min(width, height) < 360 || Math.max(width, height) > 3840) {
    throw new Error(`frame sides must be 360-3840 px, not ${width}x${height}`);
  }
  const scale = width / design.width;
  const plateScale = Math.max(1, minPlateWidth / Math.min(width, height));
  return { width, height, fps: frame.fps, scale, safeZone: scaleBox(design.safeZone, scale), design, plateScale };
}

export const scaleBox = (box: Box, scale: number): Box => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

export const right = (box: Box) => box.x + box.width;
export const bottom = (box: Box) => box.y + box.height;
export const centreOf = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** Whether `inner` lies wholly inside `outer` (a hair of rounding allowed). */
export function contains(outer: Box, inner: Box): boolean {
  const slack = 1e-6;
  return (
    inner.x >= outer.x - slack &&
    inner.y >= outer.y - slack &&
    right(inner) <= right(outer) + slack &&
    bottom(inner) <= bottom(outer) + slack
  );
}

/** Whether two boxes share any area (touching edges do not). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < right(b) && b.x < right(a) && a.y < bottom(b) && b.y < bottom(a);
}

export function union(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  return { x, y, width: Math.max(...boxes.map(right)) - x, height: Math.max(...boxes.map(bottom)) - y };
}
