// Ken Burns motion over still images, one clip per story scene. Each image is scaled to cover
// 1.5× the frame (so zoompan's whole-pixel steps become 2/3 of an output pixel), graded once,
// converted to yuv420p once (zoompan on the decoder's RGB output is ~13× slower) and then moved
// per style: cinematic pushes in slowly with a drift, direct response snaps in and flashes on
// each cut, ugc wobbles like a phone in a hand.
import { filter } from './filter-escape.ts';
import type { RenderStyle } from './render-spec.ts';
import { fps } from './timeline.ts';

const coverWidth = 1080;
const coverHeight = 1920;

export interface FootageClip {
  /** Frames the clip lasts, including the overlap with the clip before it. */
  frames: number;
  /** Where the clip starts on the ad's clock, in seconds. */
  startSeconds: number;
  fadeInSeconds: number;
  fadeOutSeconds: number;
  /** Alternates pan direction between neighbouring clips. */
  variant: number;
}

interface MotionLook {
  /** A colour grade applied once to the still. */
  grade: string;
  /** A dark band behind captions that have no box of their own (centre and spread as fractions of the height). */
  scrim?: { centre: number; spread: number; opacity: number };
  /** Seconds the next clip fades in over the previous one (0: hard cut). */
  crossfadeSeconds: number;
  zoompan: (frames: number, direction: 1 | -1) => { z: string; x: string; y: string };
  /** Frame size zoompan produces before the style's own crop (handheld sway needs a margin). */
  size: { width: number; height: number };
  afterZoom: string[];
}

const centred = { x: 'iw/2-iw/zoom/2', y: 'ih/2-ih/zoom/2' };

const looks: Record<RenderStyle, MotionLook> = {
  cinematic: {
    grade: 'eq=contrast=1.06:saturation=0.88:brightness=-0.05,vignette=angle=PI/4.5',
    scrim: { centre: 0.48, spread: 0.17, opacity: 0.75 },
    crossfadeSeconds: 0.5,
    zoompan: (frames, direction) => ({
      z: `1.04+0.12*on/${frames}`,
      x: `(iw-iw/zoom)*(0.5+${0.35 * direction}*(on/${frames}-0.5))`,
      y: centred.y,
    }),
    size: { width: 720, height: 1280 },
    afterZoom: [],
  },
  'direct-response': {
    grade: 'eq=contrast=1.12:saturation=1.2',
    crossfadeSeconds: 0,
    zoompan: (frames) => ({ z: `1.03+0.22*pow(max(0,1-on/8),2)+0.06*on/${frames}`, ...centred }),
    size: { width: 720, height: 1280 },
    // A white flash on the cut; t is the clip's own clock here.
    afterZoom: [filter('eq', { brightness: '0.45*max(0,1-t/0.16)', eval: 'frame', enable: 'lt(t,0.2)' })],
  },
  ugc: {
    grade: 'eq=saturation=1.06:gamma=1.04',
    crossfadeSeconds: 0,
    zoompan: (frames) => ({ z: `1.05+0.04*on/${frames}`, ...centred }),
    size: { width: 768, height: 1366 },
    afterZoom: [
      filter('crop', {
        w: 720,
        h: 1280,
        x: '24+14*sin(2*PI*0.63*t)+6*sin(2*PI*1.7*t+1)',
        y: '43+18*sin(2*PI*0.47*t+2)+7*sin(2*PI*1.3*t)',
      }),
    ],
  },
};

export function crossfadeSeconds(style: RenderStyle): number {
  return looks[style].crossfadeSeconds;
}

/**
 * Statements that scale, grade and split input `inputIndex` into `copies` streams. The scrim is
 * baked into the still, where it costs one blend per image instead of one per frame.
 */
export function prepareStill(style: RenderStyle, inputIndex: number, copies: string[]): string[] {
  const look = looks[style];
  const graded = [
    `[${inputIndex}:v]${filter('scale', { w: coverWidth, h: coverHeight, force_original_aspect_ratio: 'increase' })}`,
    filter('crop', { w: coverWidth, h: coverHeight }),
    'setsar=1',
    'format=yuv420p',
    look.grade,
  ].join(',');
  // Ends the chain in the copies' labels, splitting first when the still is used more than once.
  const fanOut =
    copies.length === 1 ? `[${copies[0]}]` : `,split=${copies.length}${copies.map((copy) => `[${copy}]`).join('')}`;
  if (!look.scrim) return [`${graded}${fanOut}`];
  const { centre, spread, opacity } = look.scrim;
  const scrim = [
    filter('color', { c: 'black', s: '8x64', r: 1, d: 1 }),
    'format=rgba',
    filter('geq', { r: '0', g: '0', b: '0', a: `${255 * opacity}*exp(-pow((Y/H-${centre})/${spread},2))` }),
    filter('scale', { w: coverWidth, h: coverHeight, flags: 'bicubic' }),
  ].join(',');
  return [
    `${scrim}[scrim_${inputIndex}]`,
    `${graded}[graded_${inputIndex}]`,
    `[graded_${inputIndex}][scrim_${inputIndex}]overlay${fanOut}`,
  ];
}

/** One clip of moving footage from a prepared still, placed on the ad's clock. */
export function footageClip(style: RenderStyle, still: string, clip: FootageClip, out: string): string {
  const look = looks[style];
  const motion = look.zoompan(clip.frames, clip.variant % 2 === 0 ? 1 : -1);
  const fadeOutStart = (clip.frames / fps - clip.fadeOutSeconds).toFixed(3);
  const chain = [
    filter('zoompan', { ...motion, d: clip.frames, s: `${look.size.width}x${look.size.height}`, fps }),
    ...look.afterZoom,
    'format=yuva420p',
    ...(clip.fadeInSeconds > 0 ? [`fade=t=in:st=0:d=${clip.fadeInSeconds}:alpha=1`] : []),
    ...(clip.fadeOutSeconds > 0 ? [`fade=t=out:st=${fadeOutStart}:d=${clip.fadeOutSeconds}:alpha=1`] : []),
    `setpts=PTS-STARTPTS+${clip.startSeconds.toFixed(3)}/TB`,
  ];
  return `[${still}]${chain.join(',')}[${out}]`;
}
