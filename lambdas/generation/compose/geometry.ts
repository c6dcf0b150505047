// The frame every ad is drawn in and the zones of it a platform covers with its own interface
// (below). Boxes are in frame pixels, origin top left.

export const frame = { width: 720, height: 1280, fps: 30 } as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Both platforms' at 720x1280 (research/ad-craft.md §3, §5): Reels keep the top 14 % (179 px),
 * the bottom 35 % (448 px) and 6 % of each side (43 px) free; TikTok's like/comment/share column
 * covers the right edge, so text stays left of x 592 (ad-craft's caption box, 128 px from the edge).
 */
export const safeZone: Box = { x: 43, y: 179, width: 549, height: 653 };

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
