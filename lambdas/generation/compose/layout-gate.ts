// The gate on the layout, before anything is encoded (compose/README.md): every text box and caption band
// inside the safe zone, off every place the product is seen during its move, off other text; every
// size at least 44 px regular / 35 px bold (at 720 wide; in proportion at other frames); every text colour at least 4.5:1 against what is behind
// it (its box, its stroke, or the darkest and brightest plate pixel behind it, measured).
import type { CaptionTrack } from './captions.ts';
import { contrast, contrastOfLuminances, luminance } from './color.ts';
import { type Box, contains, overlaps } from './geometry.ts';
import type { AdLayout } from './layout.ts';
import { minTypeSize, type TypeSpec } from './looks.ts';
import type { Backing } from './text-blocks.ts';

export const minContrast = 4.5;
export const minSizeFor = (weight: TypeSpec['weight']) => (weight >= 600 ? minTypeSize.bold : minTypeSize.regular);

/** The luminance range of the plate behind a frame box during scene `sceneIndex`, or null before plates exist. */
export type MeasureBehind = (sceneIndex: number, box: Box) => { darkest: number; brightest: number } | null;

export interface LayoutGate {
  passed: boolean;
  problems: string[];
  /** Text boxes and caption bands checked. */
  textBoxes: number;
  outsideSafeZone: number;
  overProduct: number;
  /** The lowest contrast of any text colour against what is behind it. */
  minContrast: number;
}

interface Checked {
  scene: number;
  label: string;
  box: Box;
  weight: TypeSpec['weight'];
  sizes: number[];
  colours: string[];
  backing: Backing;
  /** Colours drawn on their own pill: [ink, pill]. */
  pills: [string, string][];
}

function contrastOn(colour: string, backing: Backing, behind: { darkest: number; brightest: number } | null): number {
  switch (backing.kind) {
    case 'box':
      return contrast(colour, backing.fill);
    case 'stroke':
      // A hairline stroke is not what the glyphs are read against.
      if (backing.width >= 3) return contrast(colour, backing.color);
      return behind ? plateContrast(colour, behind) : 1;
    case 'plate':
      return behind ? plateContrast(colour, behind) : contrast(colour, backing.intended);
  }
}

function plateContrast(colour: string, behind: { darkest: number; brightest: number }): number {
  const own = luminance(colour);
  return Math.min(contrastOfLuminances(own, behind.darkest), contrastOfLuminances(own, behind.brightest));
}

export function checkLayout(layout: AdLayout, captions: CaptionTrack, measureBehind: MeasureBehind): LayoutGate {
  const problems = [...layout.problems, ...captions.problems];
  const checked: Checked[] = [];
  for (const scene of layout.scenes) {
    for (const block of scene.texts) {
      const emphasized = block.lines.some((line) => line.some((word) => word.emphasized));
      checked.push({
        scene: scene.index,
        label: `${block.role} "${block.lines.map((line) => line.map((word) => word.text).join(' ')).join(' / ')}"`,
        box: block.box,
        weight: block.spec.weight,
        sizes: [block.size],
        colours: emphasized && !block.emphasisFill ? [block.ink, block.emphasisInk] : [block.ink],
        backing: block.backing,
        pills: emphasized && block.emphasisFill ? [[block.emphasisInk, block.emphasisFill]] : [],
      });
    }
    const mark = scene.brandMark;
    if (mark?.wordmark) {
      checked.push({
        scene: scene.index,
        label: `brand mark "${mark.wordmark.lines.map((line) => line.map((word) => word.text).join(' ')).join(' / ')}"`,
        box: mark.box,
        weight: mark.wordmark.spec.weight,
        sizes: [mark.wordmark.size],
        colours: [mark.wordmark.ink],
        backing: mark.wordmark.backing,
        pills: [],
      });
    } else if (mark) {
      // A logo on its own white chip: where it is, not its colours, is what can go wrong.
      checked.push({
        scene: scene.index,
        label: 'brand logo',
        box: mark.box,
        weight: 900,
        sizes: [Number.POSITIVE_INFINITY],
        colours: [],
        backing: { kind: 'box', fill: '#ffffff', radius: 0, perLine: false },
        pills: [],
      });
    }
    if (scene.captions) {
      const sizes = captions.groups.filter((group) => group.sceneIndex === scene.index).map((group) => group.size);
      if (sizes.length > 0) {
        checked.push({
          scene: scene.index,
          label: 'caption band',
          box: scene.captions.band,
          weight: scene.captions.spec.weight,
          sizes,
          colours: scene.captions.activeFill ? [scene.captions.ink] : [scene.captions.ink, scene.captions.activeInk],
          backing: scene.captions.backing,
          pills: scene.captions.activeFill ? [[scene.captions.activeInk, scene.captions.activeFill]] : [],
        });
      }
    }
  }

  let outsideSafeZone = 0;
  let overProduct = 0;
  let lowest = Number.POSITIVE_INFINITY;
  const where = (item: Checked) => `scene ${item.scene + 1} ${item.label}`;
  for (const item of checked) {
    if (!contains(layout.frame.safeZone, item.box)) {
      outsideSafeZone += 1;
      problems.push(`${where(item)} leaves the safe zone`);
    }
    const scene = layout.scenes[item.scene]!;
    if (scene.shots.some((shot) => shot.product && overlaps(item.box, shot.product.envelope))) {
      overProduct += 1;
      problems.push(`${where(item)} covers the product`);
    }
    const minimum = minSizeFor(item.weight) * layout.frame.scale;
    const smallest = Math.min(...item.sizes);
    if (smallest < minimum) problems.push(`${where(item)} is ${smallest} px, under ${minimum} px`);
    const behind = measureBehind(item.scene, item.box);
    for (const colour of item.colours) {
      const ratio = contrastOn(colour, item.backing, behind);
      lowest = Math.min(lowest, ratio);
      if (ratio < minContrast)
        problems.push(`${where(item)} in ${colour} has contrast ${ratio.toFixed(2)}:1, under ${minContrast}:1`);
    }
    for (const [colour, pill] of item.pills) {
      const ratio = contrast(colour, pill);
      lowest = Math.min(lowest, ratio);
      if (ratio < minContrast) {
        problems.push(
          `${where(item)} in ${colour} on ${pill} has contrast ${ratio.toFixed(2)}:1, under ${minContrast}:1`,
        );
      }
    }
  }
  for (const [index, a] of checked.entries()) {
    for (const b of checked.slice(index + 1)) {
      if (a.scene === b.scene && overlaps(a.box, b.box)) problems.push(`${where(a)} overlaps ${b.label}`);
    }
  }
  return {
    passed: problems.length === 0,
    problems,
    textBoxes: checked.length,
    outsideSafeZone,
    overProduct,
    minContrast: Number.isFinite(lowest) ? Number(lowest.toFixed(2)) : 21,
  };
}
