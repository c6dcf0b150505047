// The whole ad as one ffmpeg command: brand background, Ken Burns footage per story scene,
// captions, the end card and a synthesised music bed, encoded as a faststart H.264/AAC MP4.
// Pure: the same spec and paths always give the same arguments.
import { brandBackground, brandWatermark } from './brand-background.ts';
import { captionFilters } from './captions.ts';
import { ffmpegColor } from './colors.ts';
import { endCardFilters } from './end-card.ts';
import { filter } from './filter-escape.ts';
import { crossfadeSeconds, footageClip, prepareStill } from './footage-motion.ts';
import { musicBed } from './music-bed.ts';
import type { RenderSpec } from './render-spec.ts';
import { printable } from './text-fit.ts';
import { fps, type Timeline, timelineOf } from './timeline.ts';

export interface RenderPaths {
  fontBold: string;
  fontRegular: string;
  out: string;
}

/** How long the last footage clip takes to dissolve into the end card. */
const endCardDissolveSeconds = 0.35;

function footageStatements(
  spec: RenderSpec,
  timeline: Timeline,
  background: string,
): { statements: string[]; out: string } {
  const images = spec.footage.images;
  if (images.length === 0) return { statements: [], out: background };
  const crossfade = crossfadeSeconds(spec.style);
  const stillCopies = images.map((_, image) => timeline.story.filter((_, clip) => clip % images.length === image));
  const statements = stillCopies
    .map((clips, image) => ({ clips, image }))
    .filter(({ clips }) => clips.length > 0)
    .flatMap(({ clips, image }) =>
      prepareStill(
        spec.style,
        image,
        clips.map((scene) => `still_${scene.index}`),
      ),
    );
  let under = background;
  for (const [clipIndex, scene] of timeline.story.entries()) {
    const overlap = clipIndex === 0 ? 0 : crossfade;
    const isLast = clipIndex === timeline.story.length - 1;
    statements.push(
      footageClip(
        spec.style,
        `still_${scene.index}`,
        {
          frames: scene.frames + Math.round(overlap * fps),
          startSeconds: scene.start - overlap,
          fadeInSeconds: overlap,
          fadeOutSeconds: isLast ? endCardDissolveSeconds : 0,
          variant: clipIndex,
        },
        `clip_${scene.index}`,
      ),
      `[${under}][clip_${scene.index}]overlay=eof_action=pass[with_clip_${scene.index}]`,
    );
    under = `with_clip_${scene.index}`;
  }
  return { statements, out: under };
}

function textFilters(spec: RenderSpec, timeline: Timeline, paths: RenderPaths): string[] {
  const fonts = { bold: paths.fontBold, regular: paths.fontRegular };
  const onFootage = spec.footage.images.length > 0;
  const storyEnd = timeline.endCard.start.toFixed(3);
  // A small brand mark at the top of the safe zone while the story plays.
  const domainMark = filter('drawtext', {
    fontfile: fonts.bold,
    text: printable(spec.endCard.domain),
    expansion: 'none',
    fontsize: 26,
    fontcolor: ffmpegColor('#ffffff', 0.88),
    x: '(w-text_w)/2',
    y: 236,
    shadowcolor: ffmpegColor('#000000', 0.5),
    shadowx: 0,
    shadowy: 2,
    alpha: `min(1,(t-0.3)/0.4)*min(1,(${storyEnd}-t)/0.25)`,
    enable: `between(t,0.3,${storyEnd})`,
  });
  const captions = timeline.story.flatMap((scene) =>
    captionFilters(
      scene.scene.caption,
      { appear: scene.start + (scene.index === 0 ? 0.1 : 0.06), end: scene.end },
      { style: spec.style, palette: spec.palette, fonts, onFootage },
    ),
  );
  const watermark = onFootage
    ? []
    : [
        brandWatermark(
          printable(spec.endCard.title).split(' ')[0]!.toLocaleUpperCase('en-US'),
          fonts.bold,
          timeline.endCard.start,
        ),
      ];
  return [...watermark, domainMark, ...captions, ...endCardFilters(spec, timeline.endCard.start, fonts)];
}

export function buildRenderCommand(spec: RenderSpec, paths: RenderPaths): { args: string[] } {
  const timeline = timelineOf(spec);
  const footage = footageStatements(spec, timeline, 'background');
  const graph = [
    ...brandBackground(spec.palette, spec.style, timeline.frames, 'background'),
    ...footage.statements,
    `[${footage.out}]${[...textFilters(spec, timeline, paths), 'format=yuv420p'].join(',')}[video]`,
    musicBed(spec.style, spec.durationSeconds, 'audio'),
  ].join(';\n');

  return {
    args: [
      '-hide_banner',
      '-nostdin',
      '-y',
      // A '%' in a file name would otherwise be read as an image-sequence pattern.
      ...spec.footage.images.flatMap((image) => ['-pattern_type', 'none', '-i', image]),
      '-filter_complex',
      graph,
      '-map',
      '[video]',
      '-map',
      '[audio]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '21',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-r',
      String(fps),
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ar',
      '48000',
      '-ac',
      '2',
      '-t',
      String(spec.durationSeconds),
      '-movflags',
      '+faststart',
      paths.out,
    ],
  };
}
