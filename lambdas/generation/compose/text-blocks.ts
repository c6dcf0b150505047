// A piece of on-screen text as the layout places it and the layers draw it: its words (with the
// emphasis marked), its fitted size, its box (backing and padding included, rotation bounded) and
// what keeps it legible, so the gates can check the exact box and colours that will be drawn.
import type { Box } from './geometry.ts';
import type { Treatment, TypeSpec } from './looks.ts';
import { casedFor, type FittedText, fitText } from './text-fit.ts';

export type TextRole = 'brand' | 'headline' | 'callout' | 'phone' | 'end-title' | 'end-cta' | 'end-domain';

export interface Word {
  text: string;
  emphasized: boolean;
}

/** What the glyphs are read against: their own box, their stroke, or the plate behind them (measured). */
export type Backing =
  | { kind: 'box'; fill: string; radius: number; perLine: boolean }
  | { kind: 'stroke'; color: string; width: number }
  | { kind: 'plate'; intended: string };

export interface TextBlock {
  role: TextRole;
  /** Everything drawn for the text (box, padding, stroke, rotation), in frame px. */
  box: Box;
  /** The block before rotation: the box is its rotated bounds. */
  inner: { width: number; height: number };
  lines: Word[][];
  spec: TypeSpec;
  size: number;
  align: 'center' | 'left' | 'right';
  ink: string;
  emphasisInk: string;
  /** Emphasized words drawn on a pill of this colour (boxed text), else only in emphasisInk. */
  emphasisFill?: string;
  backing: Backing;
  padX: number;
  padY: number;
  rotateDeg: number;
  /** A phone element's shape: a comment reply (avatar + bubble) or a sent message. */
  shape?: 'comment-reply' | 'text-bubble';
}

export interface Colours {
  ink: string;
  emphasisInk: string;
  emphasisFill?: string;
  backing: Backing;
}

export const avatarPx = 60;

export function paddingFor(treatment: Treatment, size: number): { padX: number; padY: number } {
  switch (treatment) {
    case 'boxed':
      return { padX: Math.round(size * 0.34), padY: Math.round(size * 0.14) };
    case 'sticker':
      return { padX: Math.round(size * 0.42), padY: Math.round(size * 0.2) };
    case 'outline':
      return { padX: Math.round(size * 0.1), padY: Math.round(size * 0.06) };
    case 'plain':
      return { padX: 0, padY: 0 };
  }
}

/** The words of `text`, those inside `emphasis` marked, wrapped as `fitted` broke them. */
function markedLines(fitted: FittedText, text: string, emphasis: string | undefined, spec: TypeSpec): Word[][] {
  const words = text.split(/\s+/).filter(Boolean);
  const marked = new Set<number>();
  if (emphasis) {
    const target = emphasis.split(/\s+/).filter(Boolean);
    for (let start = 0; start + target.length <= words.length; start++) {
      if (target.every((word, offset) => words[start + offset] === word)) {
        for (let offset = 0; offset < target.length; offset++) marked.add(start + offset);
        break;
      }
    }
  }
  let index = 0;
  return fitted.lines.map((line) =>
    line.split(' ').map((word) => ({ text: casedFor(spec, word), emphasized: marked.has(index++) })),
  );
}

function rotatedBounds(width: number, height: number, degrees: number): { width: number; height: number } {
  const radians = (Math.abs(degrees) * Math.PI) / 180;
  return {
    width: width * Math.cos(radians) + height * Math.sin(radians),
    height: width * Math.sin(radians) + height * Math.cos(radians),
  };
}

export interface BlockRequest {
  role: TextRole;
  text: string;
  /** The writer's line breaks, kept when they fit. */
  lines?: readonly string[];
  emphasis?: string;
  spec: TypeSpec;
  colours: Colours;
  /** The most room the block may take; it is placed at the top of it, aligned as asked. */
  area: Box;
  align: TextBlock['align'];
  rotateDeg?: number;
  shape?: TextBlock['shape'];
  /** Where to put it vertically inside `area`. */
  vertical?: 'top' | 'middle' | 'bottom';
}

/** The block, or a problem naming the text that does not fit. */
export function placeBlock(request: BlockRequest): { block: TextBlock } | { problem: string } {
  const { spec, area, colours } = request;
  const rotateDeg = request.rotateDeg ?? 0;
  const extraX = request.shape === 'comment-reply' ? avatarPx + 14 : 0;
  // The widest padding a size of the range can need: padding scales with size.
  const { padX, padY } = paddingFor(spec.treatment, spec.size);
  const strokeRoom = colours.backing.kind === 'stroke' ? colours.backing.width : 0;
  // fitText measures the lines alone; boxes per line and rotation add height, so a block that
  // comes out too tall is fitted again to its lines' height less what it overshot.
  let budget = area.height - 2 * (padY + strokeRoom);
  let fitted: ReturnType<typeof fitText> = null;
  let innerWidth = 0;
  let innerHeight = 0;
  let bounds = { width: 0, height: 0 };
  let pads = { padX, padY };
  for (let attempt = 0; attempt < 8; attempt++) {
    fitted = fitText(request.text, spec, area.width - 2 * (padX + strokeRoom) - extraX, budget, request.lines);
    if (!fitted) break;
    pads = paddingFor(spec.treatment, fitted.size);
    const perLine = colours.backing.kind === 'box' && colours.backing.perLine;
    innerWidth = fitted.width + 2 * (pads.padX + strokeRoom) + extraX;
    innerHeight = Math.max(
      innerHeightOf(fitted.lines.length, fitted.size, spec, pads.padY, perLine, strokeRoom),
      request.shape === 'comment-reply' ? avatarPx : 0,
    );
    bounds = rotatedBounds(innerWidth, innerHeight, rotateDeg);
    if (bounds.height <= area.height + 0.5 && bounds.width <= area.width + 0.5) break;
    // From the lines' own height: the budget above it may be slack that no size step uses up.
    budget = Math.min(budget, fitted.height) - Math.max(1, bounds.height - area.height);
  }
  if (!fitted) {
    return {
      problem: `${request.role} "${request.text}" does not fit ${Math.round(area.width)}×${Math.round(area.height)} px at ${spec.minSize} px or more`,
    };
  }
  if (bounds.height > area.height + 0.5 || bounds.width > area.width + 0.5) {
    return {
      problem: `${request.role} "${request.text}" needs ${Math.ceil(bounds.width)}×${Math.ceil(bounds.height)} px, more than its ${Math.round(area.width)}×${Math.round(area.height)} px`,
    };
  }
  const x =
    request.align === 'center'
      ? area.x + (area.width - bounds.width) / 2
      : request.align === 'left'
        ? area.x
        : area.x + area.width - bounds.width;
  const vertical = request.vertical ?? 'top';
  const y =
    vertical === 'top'
      ? area.y
      : vertical === 'middle'
        ? area.y + (area.height - bounds.height) / 2
        : area.y + area.height - bounds.height;
  return {
    block: {
      role: request.role,
      box: { x, y, width: bounds.width, height: bounds.height },
      inner: { width: innerWidth, height: innerHeight },
      lines: markedLines(fitted, request.text, request.emphasis, spec),
      spec,
      size: fitted.size,
      align: request.align,
      ink: colours.ink,
      emphasisInk: colours.emphasisInk,
      ...(colours.emphasisFill && { emphasisFill: colours.emphasisFill }),
      backing: colours.backing,
      padX: pads.padX,
      padY: pads.padY,
      rotateDeg,
      ...(request.shape && { shape: request.shape }),
    },
  };
}

/** Space between the boxes of a text boxed line by line. */
export const lineGapFor = (size: number) => Math.round(size * 0.08);

/** Height of the text and its backing: one box around all lines, or one box per line. */
export function innerHeightOf(
  lineCount: number,
  size: number,
  spec: TypeSpec,
  padY: number,
  perLine: boolean,
  stroke: number,
): number {
  const line = size * spec.lineHeight;
  return perLine
    ? lineCount * (line + 2 * padY) + (lineCount - 1) * lineGapFor(size) + 2 * stroke
    : lineCount * line + 2 * (padY + stroke);
}

/** Stroke width for outlined text: heavy enough to be the colour the glyphs are read against. */
export const strokeWidthFor = (size: number) => Math.max(4, Math.round(size * 0.1));

/** A sticker headline's tilt (a designed look's; the safe look's stays level). */
export const stickerTiltDeg = -2;

/**
 * How many lines a headline of `spec` takes when it is drawn across `width` (its box's padding,
 * stroke and tilt included), or null when it does not fit at all. The writer judges line breaks by
 * this: characters say little about width (a "W" is three "i"s wide, a digit wider than an "l").
 */
export function drawnLineCount(
  text: string,
  spec: TypeSpec,
  width: number,
  writerLines?: readonly string[],
): number | null {
  const backing: Backing =
    spec.treatment === 'outline'
      ? { kind: 'stroke', color: '#000000', width: strokeWidthFor(spec.size) }
      : spec.treatment === 'plain'
        ? { kind: 'plate', intended: '#000000' }
        : { kind: 'box', fill: '#ffffff', radius: 0, perLine: true };
  const placed = placeBlock({
    role: 'headline',
    text,
    ...(writerLines && { lines: writerLines }),
    spec,
    colours: { ink: '#000000', emphasisInk: '#000000', backing },
    area: { x: 0, y: 0, width, height: Number.POSITIVE_INFINITY },
    align: 'center',
    rotateDeg: spec.treatment === 'sticker' ? stickerTiltDeg : 0,
  });
  return 'block' in placed ? placed.block.lines.length : null;
}
