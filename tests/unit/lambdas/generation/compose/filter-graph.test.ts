// The compositor's command and the camera moves it is built from: bounded inputs, exact length,
// the delivery format, caption states on time, and moves that never show the plate's edge.
import { describe, expect, it } from 'vitest';
import { buildComposeCommand, captionList, dissolvesIn } from '#generation/compose/filter-graph.ts';
import { contains, frame } from '#generation/compose/geometry.ts';
import { layoutStoryboard } from '#generation/compose/layout.ts';
import { envelopeOf, moveFor, transformAt } from '#generation/compose/motion.ts';
import { motions } from '#generation/storyboard/storyboard.ts';
import { styleDefinition } from '#generation/styles/styles.ts';
import { styles } from '#shared/contract.ts';
import { handWrittenStoryboard } from '#tests/integration/support/hand-written-storyboards.ts';

const square = new Map([['upload', { width: 900, height: 900, opaque: true }]]);

function commandFor(style: (typeof styles)[number]) {
  const layout = layoutStoryboard(handWrittenStoryboard(style, 12), square, { safe: false });
  const shots = layout.scenes.flatMap((scene) => scene.shots);
  const textLayers = layout.scenes.flatMap((scene) =>
    scene.texts.map((block, index) => ({
      path: `/work/text-${scene.index}-${index}.png`,
      block,
      sceneIndex: scene.index,
      startFrame: scene.startFrame,
      endFrame: scene.endFrame,
    })),
  );
  const args = buildComposeCommand({
    layout,
    // Two distinct plates for the whole ad: shots showing the same picture share one.
    platePaths: shots.map((_, index) => `/work/plate-${index % 2}.png`),
    // A light sweep on dark plates, a shade on bright ones: at most two band images.
    sweepPaths: shots.map((_, index) => `/work/sweep-${index % 3 === 0 ? 'shade' : 'light'}.png`),
    textLayers,
    captions: { listPath: '/work/captions.ffconcat', band: layout.scenes[0]!.captions!.band },
    soundtrackPath: '/work/soundtrack.wav',
    outPath: '/work/ad.mp4',
  });
  return { args, textLayers };
}

describe('the compose command', () => {
  it.each(styles)('encodes a %s ad as 30 fps yuv420p H.264 + AAC 48 kHz, faststart, exactly 12 s', (style) => {
    // Act
    const { args } = commandFor(style);

    // Assess
    // The last of each flag: inputs carry their own -t before the output's options.
    const option = (flag: string) => args[args.lastIndexOf(flag) + 1];
    expect(option('-c:v')).toBe('libx264');
    expect(option('-pix_fmt')).toBe('yuv420p');
    expect(option('-r')).toBe('30');
    expect(option('-c:a')).toBe('aac');
    expect(option('-ar')).toBe('48000');
    expect(option('-t')).toBe('12');
    expect(option('-movflags')).toBe('+faststart');
    expect(option('-maxrate')).toBe('4000k');
  });

  it.each(styles)(
    'keeps a %s graph bounded: one input per distinct plate and sweep band, per text block, one caption stream, one soundtrack',
    (style) => {
      // Act
      const { args, textLayers } = commandFor(style);

      // Assess
      const inputs = args.filter((arg) => arg === '-i').length;
      expect(inputs).toBe(2 + 2 + textLayers.length + 1 + 1);
      const graph = args[args.indexOf('-filter_complex') + 1]!;
      const shots = graph.match(/zoompan=/g)?.length ?? 0;
      // Every shot carries its sweep of light (one overlay each), moving over the shot's time.
      expect(graph.match(/\[sweep\d+\]overlay=x=[^:]*t\//g)?.length).toBe(shots);
      expect(graph.match(/overlay=/g)?.length ?? 0).toBeLessThanOrEqual(textLayers.length + 1 + 5 + shots);
    },
  );

  it.each(styles)(
    'reads each still layer of a %s ad once and repeats it in memory for exactly its frames, never decoding it per frame',
    (style) => {
      // Act
      const { args, textLayers } = commandFor(style);

      // Assess: no image input is looped by the demuxer (which decodes the file again for every frame).
      expect(args).not.toContain('-loop');
      const graph = args[args.indexOf('-filter_complex') + 1]!;
      for (const [index, layer] of textLayers.entries()) {
        const chain = graph.split(';\n').find((statement) => statement.endsWith(`[text${index}]`)) ?? '';
        expect(chain).toMatch(
          new RegExp(`^\\[\\d+:v\\]format=yuva420p,loop=loop=${layer.endFrame - layer.startFrame - 1}:size=1:start=0,`),
        );
      }
      // Each shot's sweep band: the one converted image, repeated for that shot's frames only.
      const shots = graph.match(/zoompan=/g)?.length ?? 0;
      expect(graph.match(/\[band\d+\]loop=loop=\d+:size=1:start=0,setpts=N\/30\/TB\[sweep\d+\]/g)?.length).toBe(shots);
    },
  );

  it('lists caption states from their first frame, with the empty band in the gaps, adding up to the ad', () => {
    // Act
    const list = captionList(
      [
        { path: '/c/0.png', startFrame: 3, endFrame: 15 },
        { path: '/c/1.png', startFrame: 15, endFrame: 30 },
        { path: '/c/2.png', startFrame: 45, endFrame: 60 },
      ],
      '/c/empty.png',
      120,
    );

    // Assess
    const files = [...list.matchAll(/^file '(.*)'$/gm)].map((match) => match[1]);
    const durations = [...list.matchAll(/^duration (.*)$/gm)].map((match) => Number(match[1]));
    expect(files).toEqual([
      '/c/empty.png',
      '/c/0.png',
      '/c/1.png',
      '/c/empty.png',
      '/c/2.png',
      '/c/empty.png',
      '/c/empty.png',
    ]);
    expect(durations.reduce((sum, seconds) => sum + seconds, 0)).toBeCloseTo(4 - 0.0005, 6);
    expect(durations[0]).toBeCloseTo(0.1 - 0.0005, 6);
  });
});

describe('the camera moves', () => {
  const cases = styles.flatMap((style) => motions.map((motion) => [style, motion] as const));

  it.each(cases)('a %s %s move never uncovers the plate and stays inside its envelope', (style, motion) => {
    // Prepare
    const anchor = { x: 300, y: 520 };
    const frames = 75;
    const move = moveFor(motion, styleDefinition(style).look.type, anchor, frames / frame.fps);
    const box = { x: 220, y: 440, width: 160, height: 160 };
    const envelope = envelopeOf(move, box, frames);

    for (let step = 0; step <= 20; step++) {
      const u = step / 20;
      // Act
      const { zoom, dx, dy } = transformAt(move, u, (u * frames) / frame.fps);

      // Assess: the plate's corners, moved, still lie outside the frame; the box stays in its envelope.
      const left = anchor.x * (1 - zoom) + dx;
      const top = anchor.y * (1 - zoom) + dy;
      expect(zoom).toBeGreaterThanOrEqual(1);
      expect(left - 1.5 * move.wobblePx).toBeLessThanOrEqual(1e-9);
      expect(top - 1.5 * move.wobblePx).toBeLessThanOrEqual(1e-9);
      expect(left + frame.width * zoom + 1.5 * move.wobblePx).toBeGreaterThanOrEqual(frame.width - 1e-9);
      expect(top + frame.height * zoom + 1.5 * move.wobblePx).toBeGreaterThanOrEqual(frame.height - 1e-9);
      const moved = {
        x: anchor.x + (box.x - anchor.x) * zoom + dx,
        y: anchor.y + (box.y - anchor.y) * zoom + dy,
        width: box.width * zoom,
        height: box.height * zoom,
      };
      expect(contains(envelope, moved)).toBe(true);
    }
  });
});

describe('the compose command with AI footage', () => {
  it.each(styles)('plays a %s clip in its shots, trimmed to their frames, instead of their plates', (style) => {
    // Prepare: the second shot of the ad plays a clip from its 1.5th second.
    const layout = layoutStoryboard(handWrittenStoryboard(style, 12), square, { safe: false });
    const shots = layout.scenes.flatMap((scene) => scene.shots);
    const clips = shots.map((_, index) => (index === 1 ? { path: '/work/clip-1.mp4', offsetSeconds: 1.5 } : null));

    // Act
    const args = buildComposeCommand({
      layout,
      platePaths: shots.map((_, index) => `/work/plate-${index}.png`),
      sweepPaths: shots.map(() => null),
      clips,
      textLayers: [],
      captions: null,
      soundtrackPath: '/work/soundtrack.wav',
      outPath: '/work/ad.mp4',
    });

    // Assess
    const inputs = args.flatMap((arg, index) => (args[index - 1] === '-i' ? [arg] : []));
    expect(inputs).toContain('/work/clip-1.mp4');
    // The clip replaces that shot's plate: its plate is never read, every other plate is.
    expect(inputs).not.toContain('/work/plate-1.png');
    expect(inputs.filter((input) => input.startsWith('/work/plate-'))).toHaveLength(shots.length - 1);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    const clipInput = inputs.indexOf('/work/clip-1.mp4');
    const chain = graph.split(';\n').find((statement) => statement.startsWith(`[${clipInput}:v]`)) ?? '';
    expect(chain).toContain('crop=720:1280');
    expect(chain).toContain('trim=start=1.5:');
    // A dissolve (cinematic, at a scene's first shot, between different pictures) starts the shot
    // early: the clip covers it too.
    const dissolve = dissolvesIn(layout, 1) ? Math.round(layout.look.dissolveSeconds * frame.fps) : 0;
    expect(chain).toContain(`trim=end_frame=${shots[1]!.frames + dissolve}`);
    expect(chain.endsWith('[moved1]')).toBe(true);
    // Never the clip's own sound: the only audio mapped is the soundtrack's.
    expect(args[args.indexOf('-map', args.indexOf('-map') + 1) + 1]).toBe(
      `${inputs.indexOf('/work/soundtrack.wav')}:a`,
    );
  });
});
