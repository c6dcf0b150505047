// The layer under everything: a diagonal gradient of the brand's primary colour with two soft
// glows drifting across it. The 2018 ffmpeg has no `gradients` source, so the gradient and the
// glows are each computed once with geq on a tiny frame and scaled up (geq per full-size frame
// would cost seconds); only the glows' positions change per frame.
import { channels, ffmpegColor, mixColors, white } from './colors.ts';
import { filter } from './filter-escape.ts';
import type { RenderPalette, RenderStyle } from './render-spec.ts';
import { fps } from './timeline.ts';

/** How fast the glows drift: calm for cinematic, busy for direct response. */
const driftPeriodSeconds: Record<RenderStyle, number> = { cinematic: 14, 'direct-response': 6, ugc: 9 };

function gradientStill(top: string, bottom: string): string {
  const [r0, g0, b0] = channels(top);
  const [r1, g1, b1] = channels(bottom);
  // 0 at the top-left corner, 1 at the bottom-right, weighted towards vertical.
  const along = '(0.3*X/W+0.7*Y/H)';
  return [
    // One frame, but at the ad's frame rate so the looped background keeps a 1/30 s clock.
    filter('color', { c: 'black', s: '72x128', r: fps, d: 1 }),
    'trim=end_frame=1',
    'format=rgb24',
    filter('geq', {
      r: `${r0}+(${r1 - r0})*${along}`,
      g: `${g0}+(${g1 - g0})*${along}`,
      b: `${b0}+(${b1 - b0})*${along}`,
    }),
    filter('scale', { w: 720, h: 1280, flags: 'bicubic' }),
  ].join(',');
}

function glowStill(color: string, size: number, strength: number): string {
  const [r, g, b] = channels(color);
  return [
    filter('color', { c: 'black', s: '64x64', r: 1, d: 1 }),
    'format=rgba',
    filter('geq', { r: `${r}`, g: `${g}`, b: `${b}`, a: `${255 * strength}*pow(max(0,1-hypot(X-32,Y-32)/32),2)` }),
    filter('scale', { w: size, h: size, flags: 'bicubic' }),
  ].join(',');
}

/** Filter statements that end in `[out]`: `frames` frames of animated brand background. */
export function brandBackground(palette: RenderPalette, style: RenderStyle, frames: number, out: string): string[] {
  const period = driftPeriodSeconds[style];
  const top = mixColors(palette.primary, white, 0.1);
  const bottom = mixColors(palette.primary, '#000000', 0.6);
  const highlight = mixColors(palette.primary, white, 0.35);
  return [
    `${gradientStill(top, bottom)},format=yuv420p,${filter('loop', { loop: frames - 1, size: 1, start: 0 })},setpts=N/${fps}/TB[bg_base]`,
    `${glowStill(palette.accent, 640, 0.55)}[bg_glow_accent]`,
    `${glowStill(highlight, 820, 0.4)}[bg_glow_light]`,
    `[bg_base][bg_glow_accent]${filter('overlay', {
      x: `330+110*sin(2*PI*t/${period})`,
      y: `-40+140*sin(2*PI*t/${period * 1.3}+1)`,
    })}[bg_mid]`,
    `[bg_mid][bg_glow_light]${filter('overlay', {
      x: `-380+120*cos(2*PI*t/${period * 1.1})`,
      y: `640+150*sin(2*PI*t/${period * 0.9})`,
    })}[${out}]`,
  ];
}

/**
 * With no footage, a giant faint word drifts behind the captions so the frame has depth and
 * motion rather than flat colour. drawtext clips it at the frame edges.
 */
export function brandWatermark(word: string, fontBold: string, until: number): string {
  return filter('drawtext', {
    fontfile: fontBold,
    text: word,
    expansion: 'none',
    fontsize: 330,
    fontcolor: ffmpegColor(white, 0.07),
    x: '60-38*t',
    y: 560,
    enable: `lt(t,${until.toFixed(3)})`,
  });
}
