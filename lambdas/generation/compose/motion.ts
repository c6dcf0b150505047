// The camera on a still: each shot's plate (background + product, drawn at plateScale × the frame)
// is moved by zoompan. One description of a move drives both the ffmpeg expressions and the box
// the product sweeps through (its envelope), so the layout gate checks the move that is rendered.
// A move maps a frame point p to a + (p − a)·z + d: a zoom z about the anchor a, then a shift d;
// z ≥ 1 and |d| within what the zoom leaves, so the plate always covers the frame.
import type { Motion } from '#generation/storyboard/storyboard.ts';
import { type Box, type FrameSize, frame, union } from './geometry.ts';
import type { Look } from './looks.ts';

/** At 720x1280 (FrameGeometry.plateScale at others), plates are drawn this much larger than the frame, so zoompan's whole-pixel steps stay below one output pixel. */
export const plateScale = 1.5;

export interface Move {
  anchor: { x: number; y: number };
  zoom: readonly [number, number];
  shift: readonly [readonly [number, number], readonly [number, number]];
  /**
   * How u runs from 0 to 1 over the shot: `flick` is a thumb scrolling a phone, two swipes that
   * each start fast and coast to a stop.
   */
  ease: 'linear' | 'smooth' | 'flick';
  /** An extra zoom at the cut that settles within `punchSeconds` (a look whose camera punches in on cuts). */
  punch: number;
  /** Handheld sway amplitude in frame px, on both axes. */
  wobblePx: number;
}

export const punchSeconds = 0.3;
/** The least zoom a shot travels per second. */
const minZoomPerSecond = 0.025;

/** Largest shift the zoom leaves on each axis without uncovering a plate edge. */
function shiftRoom(anchor: { x: number; y: number }, zoom: number, bounds: FrameSize): { x: number; y: number } {
  return {
    x: (zoom - 1) * Math.min(anchor.x, bounds.width - anchor.x),
    y: (zoom - 1) * Math.min(anchor.y, bounds.height - anchor.y),
  };
}

/**
 * The move for a storyboard motion, anchored on the product (or the frame's centre). A pan moves
 * the picture the way it names.
 */
export function moveFor(
  motion: Motion,
  look: Look,
  anchorAt: { x: number; y: number },
  seconds: number,
  /** `scroll` only: how far the page travels up, frame px (its plate is that much taller than the frame). */
  scrollPx = 0,
  /** The design frame the anchor is in (geometry.ts `designFrames`). */
  bounds: FrameSize = frame,
): Move {
  const anchor = {
    x: Math.min(Math.max(anchorAt.x, 1), bounds.width - 1),
    y: Math.min(Math.max(anchorAt.y, 1), bounds.height - 1),
  };
  const { push, panPx, punch, wobblePx } = look.motion;
  const still = [
    [0, 0],
    [0, 0],
  ] as const;
  // However long the shot, the picture keeps moving: a near-still shot reads as frozen.
  const travel = Math.max(push, minZoomPerSecond * seconds);
  const base: Move = { anchor, zoom: [1, 1 + travel], shift: still, ease: 'smooth', punch, wobblePx: 0 };
  switch (motion) {
    case 'push-in':
      return base;
    case 'pull-out':
      return { ...base, zoom: [1 + travel, 1] };
    case 'static':
      // "Static" is a held camera, not a held picture: a slow steady drift.
      return { ...base, zoom: [1, 1 + Math.max(push / 2, minZoomPerSecond * seconds)], punch: 0, ease: 'linear' };
    case 'pan-left':
    case 'pan-right': {
      const zoom = 1 + Math.max(push, 0.05);
      const room = Math.min(panPx, shiftRoom(anchor, zoom, bounds).x);
      const direction = motion === 'pan-left' ? -1 : 1;
      return {
        ...base,
        zoom: [zoom, zoom],
        shift: [
          [-direction * room, 0],
          [direction * room, 0],
        ],
      };
    }
    case 'scroll':
      // The page slides up under a held phone: no zoom, no sway (the plate is exactly the frame's width).
      return {
        ...base,
        zoom: [1, 1],
        shift: [
          [0, 0],
          [0, -scrollPx],
        ],
        ease: 'flick',
        punch: 0,
      };
    case 'handheld': {
      const sway = wobblePx || 8;
      // Zoom enough that the sway (up to 1.5 × its amplitude) never shows an edge.
      const needed = 1 + (1.6 * sway) / Math.min(anchor.x, bounds.width - anchor.x, anchor.y, bounds.height - anchor.y);
      const zoom = Math.max(1 + push, needed);
      return { ...base, zoom: [zoom, zoom + push / 2], ease: 'linear', wobblePx: sway, punch: 0 };
    }
  }
}

/** Each of the two swipes covers this share of the way: the first the longer, as a thumb does. */
const flickShares = [0.6, 0.4] as const;
const coast = (v: number) => 1 - (1 - v) ** 3;

function ease(move: Move, u: number): number {
  if (move.ease === 'smooth') return u * u * (3 - 2 * u);
  if (move.ease === 'flick')
    return u < 0.5 ? flickShares[0] * coast(2 * u) : flickShares[0] + flickShares[1] * coast(2 * u - 1);
  return u;
}

/** The zoom and shift at `u` ∈ [0, 1] of the shot, punch included at `seconds` into it; sway excluded. */
export function transformAt(move: Move, u: number, seconds: number): { zoom: number; dx: number; dy: number } {
  const s = ease(move, u);
  const settle = Math.max(0, 1 - seconds / punchSeconds);
  return {
    zoom: move.zoom[0] + (move.zoom[1] - move.zoom[0]) * s + move.punch * settle * settle,
    dx: move.shift[0][0] + (move.shift[1][0] - move.shift[0][0]) * s,
    dy: move.shift[0][1] + (move.shift[1][1] - move.shift[0][1]) * s,
  };
}

function mapBox(box: Box, anchor: { x: number; y: number }, zoom: number, dx: number, dy: number): Box {
  return {
    x: anchor.x + (box.x - anchor.x) * zoom + dx,
    y: anchor.y + (box.y - anchor.y) * zoom + dy,
    width: box.width * zoom,
    height: box.height * zoom,
  };
}

/** Every place `box` (on the plate at rest) is seen during the shot, sway included. */
export function envelopeOf(move: Move, box: Box, frames: number): Box {
  const seconds = frames / frame.fps;
  const samples = [0, 0.02, 0.05, 0.1, 0.25, 0.5, 0.75, 1].flatMap((u) => {
    const at = transformAt(move, u, u * seconds);
    return [mapBox(box, move.anchor, at.zoom, at.dx, at.dy)];
  });
  const sway = 1.5 * move.wobblePx;
  const swept = union(samples);
  return { x: swept.x - sway, y: swept.y - sway, width: swept.width + 2 * sway, height: swept.height + 2 * sway };
}

/** Where a frame box's pixels come from on the plate at rest, over the whole shot (for contrast). */
export function sourceOf(move: Move, box: Box, frames: number): Box {
  const seconds = frames / frame.fps;
  const inverse = [0, 0.5, 1].map((u) => {
    const at = transformAt(move, u, u * seconds);
    return mapBox(box, move.anchor, 1 / at.zoom, -at.dx / at.zoom, -at.dy / at.zoom);
  });
  const sway = 1.5 * move.wobblePx;
  const swept = union(inverse);
  return { x: swept.x - sway, y: swept.y - sway, width: swept.width + 2 * sway, height: swept.height + 2 * sway };
}

const num = (value: number) => Number(value.toFixed(5)).toString();

/**
 * The top row (plate px) of the window a `scroll` shot shows at output frame `n`, as an ffmpeg
 * expression for crop's `y`: the same flick as `transformAt`, over a plate `plate` × the frame wide.
 */
export function scrollCropY(move: Move, frames: number, plate: number): string {
  const u = `min(1,n/${Math.max(1, frames - 1)})`;
  const flick = (v: string) => `(1-pow(1-${v},3))`;
  const s = `if(lt(${u},0.5),${flickShares[0]}*${flick(`2*${u}`)},${flickShares[0]}+${flickShares[1]}*${flick(`(2*${u}-1)`)})`;
  const from = -move.shift[0][1];
  const to = -move.shift[1][1];
  return `${num(plate)}*(${num(from)}+${num(to - from)}*${s})`;
}

/** zoompan's z, x and y for the shot over a plate of `plateScale` × the frame. */
export function zoompanExpressions(
  move: Move,
  frames: number,
  plate = plateScale,
): { z: string; x: string; y: string } {
  const u = `min(1,on/${Math.max(1, frames - 1)})`;
  const s = move.ease === 'smooth' ? `(${u}*${u}*(3-2*${u}))` : u;
  const seconds = `(on/${frame.fps})`;
  const lerp = (a: number, b: number) => (a === b ? num(a) : `(${num(a)}+${num(b - a)}*${s})`);
  const punch = move.punch > 0 ? `+${num(move.punch)}*pow(max(0,1-${seconds}/${punchSeconds}),2)` : '';
  const sway = (phase: number, f1: number, f2: number) =>
    move.wobblePx > 0
      ? `+${num(move.wobblePx)}*sin(2*PI*${f1}*${seconds}+${phase})+${num(move.wobblePx / 2)}*sin(2*PI*${f2}*${seconds})`
      : '';
  const dx = `(${lerp(move.shift[0][0], move.shift[1][0])}${sway(0.4, 0.61, 1.73)})`;
  const dy = `(${lerp(move.shift[0][1], move.shift[1][1])}${sway(2.1, 0.47, 1.31)})`;
  // Top-left of the window on the plate: x = P·(a·(z − 1) − d) / z.
  const x = `${plate}*(${num(move.anchor.x)}*(zoom-1)-${dx})/zoom`;
  const y = `${plate}*(${num(move.anchor.y)}*(zoom-1)-${dy})/zoom`;
  return { z: `${lerp(move.zoom[0], move.zoom[1])}${punch}`, x, y };
}
