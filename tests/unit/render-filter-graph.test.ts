import { describe, expect, it } from 'vitest';
import { filterValue } from '../../lambdas/generation/render/filter-escape.ts';
import { buildRenderCommand, type RenderPaths } from '../../lambdas/generation/render/filter-graph.ts';
import type { RenderSpec, RenderStyle } from '../../lambdas/generation/render/render-spec.ts';

const paths: RenderPaths = { fontBold: '/fonts/Bold.ttf', fontRegular: '/fonts/Regular.ttf', out: '/work/ad.mp4' };

function specFor(overrides: Partial<RenderSpec> = {}): RenderSpec {
  return {
    durationSeconds: 12,
    width: 720,
    height: 1280,
    fps: 30,
    footage: { images: ['/in/buyer.png', '/in/site.jpg'] },
    scenes: [
      { startSeconds: 0, endSeconds: 2, caption: ['Tired of slow mornings?'], kind: 'hook' },
      { startSeconds: 2, endSeconds: 5, caption: ['Fresh roasted beans', 'at your door in 24h'], kind: 'benefit' },
      { startSeconds: 5, endSeconds: 9, caption: ["It's 50% off: today only"], kind: 'offer' },
      { startSeconds: 9, endSeconds: 12, caption: [], kind: 'cta' },
    ],
    endCard: {
      title: 'Bean & Bloom',
      subtitle: 'Roasted the day they ship',
      domain: 'beanandbloom.com',
      cta: 'Shop now',
    },
    palette: { primary: '#5b3a29', accent: '#f2b705', text: '#fff8ef' },
    style: 'cinematic',
    ...overrides,
  };
}

const argAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
const graphOf = (args: string[]) => argAfter(args, '-filter_complex')!;
/** The graph's filters: separators inside values are escaped, so split on the bare ones. */
const filtersOf = (graph: string) => graph.split(/(?<!\\)[,;]/).map((part) => part.trim());
/** The last filter drawing `text` (the end card draws after the story). */
const drawtextOf = (graph: string, text: string) =>
  filtersOf(graph).findLast((part) => part.startsWith('drawtext') && part.includes(`text=\\'${text}\\'`));

/** ffmpeg's av_get_token: reads up to an unquoted, unescaped terminator, removing quotes and escapes. */
function readToken(input: string, terminators: string): { token: string; rest: string } {
  let token = '';
  let i = 0;
  while (i < input.length && !terminators.includes(input[i]!)) {
    const char = input[i++]!;
    if (char === '\\') token += input[i++] ?? '';
    else if (char === "'") {
      while (i < input.length && input[i] !== "'") token += input[i++];
      i++;
    } else token += char;
  }
  return { token, rest: input.slice(i) };
}

describe('the ffmpeg command for an ad', () => {
  it('encodes exactly the promised duration as 720x1280 H.264 High yuv420p at 30 fps with AAC 48 kHz stereo', () => {
    // Prepare
    const spec = specFor({
      durationSeconds: 8,
      scenes: [
        { startSeconds: 0, endSeconds: 2, caption: ['Tired of slow mornings?'], kind: 'hook' },
        { startSeconds: 2, endSeconds: 8, caption: [], kind: 'cta' },
      ],
    });

    // Act
    const { args } = buildRenderCommand(spec, paths);

    // Assess
    expect(argAfter(args, '-c:v')).toBe('libx264');
    expect(argAfter(args, '-profile:v')).toBe('high');
    expect(argAfter(args, '-pix_fmt')).toBe('yuv420p');
    expect(argAfter(args, '-preset')).toBe('veryfast');
    expect(argAfter(args, '-r')).toBe('30');
    expect(argAfter(args, '-c:a')).toBe('aac');
    expect(argAfter(args, '-ar')).toBe('48000');
    expect(argAfter(args, '-ac')).toBe('2');
    expect(argAfter(args, '-t')).toBe('8');
    expect(argAfter(args, '-movflags')).toBe('+faststart');
    expect(args.at(-1)).toBe('/work/ad.mp4');
    expect(graphOf(args)).toContain("s=\\'720x1280\\'");
  });

  it('reads each image once as a single still, immune to % patterns in its name', () => {
    // Act
    const { args } = buildRenderCommand(specFor({ footage: { images: ['/in/100%_real.png', '/in/site.jpg'] } }), paths);

    // Assess
    const inputs = args.flatMap((arg, i) => (arg === '-i' ? [args[i + 1]] : []));
    expect(inputs).toEqual(['/in/100%_real.png', '/in/site.jpg']);
    expect(args.filter((arg) => arg === '-pattern_type')).toHaveLength(2);
    expect(args).not.toContain('-loop');
  });

  it('gives the story scenes Ken Burns clips whose frames cover every story frame', () => {
    // Act
    const graph = graphOf(buildRenderCommand(specFor({ style: 'ugc' }), paths).args);

    // Assess: ugc cuts hard, so the clips are exactly the scenes' frames (2 s, 3 s, 4 s).
    const durations = [...graph.matchAll(/zoompan=[^,]*?:d=(\d+)/g)].map((match) => Number(match[1]));
    expect(durations).toEqual([60, 90, 120]);
  });

  it('draws an animated brand background and no footage when there are no images', () => {
    // Act
    const { args } = buildRenderCommand(specFor({ footage: { images: [] } }), paths);

    // Assess
    const graph = graphOf(args);
    expect(args).not.toContain('-i');
    expect(graph).not.toContain('zoompan');
    expect(graph).toMatch(/overlay=x=\\'[^']*sin\(2\*PI\*t/);
    expect(graph).toContain("text=\\'BEAN\\'");
  });

  it('ends on the end card with the domain and the call to action', () => {
    // Act
    const graph = graphOf(buildRenderCommand(specFor(), paths).args);

    // Assess: the end card's texts appear after the last scene starts (9 s) and stay to the end.
    for (const text of ['Shop now', 'beanandbloom.com', 'Roasted the day they ship']) {
      expect(drawtextOf(graph, text)).toMatch(/enable=\\'gte\(t\\,9\.\d+\)\\'/);
    }
  });

  it('synthesises a faded stereo music bed of the ad’s length', () => {
    // Act
    const graph = graphOf(buildRenderCommand(specFor(), paths).args);

    // Assess
    expect(graph).toMatch(/aevalsrc=exprs=.*:d=12,/);
    expect(graph).toContain("afade=t=\\'in\\'");
    expect(graph).toContain("afade=t=\\'out\\'");
    expect(graph).toContain('pan=stereo');
  });

  it('gives each style its own motion, typography and music', () => {
    // Act
    const graphs = (['cinematic', 'direct-response', 'ugc'] as RenderStyle[]).map((style) =>
      graphOf(buildRenderCommand(specFor({ style }), paths).args),
    );
    const [cinematic, directResponse, ugc] = graphs as [string, string, string];
    const music = graphs.map((graph) => graph.match(/aevalsrc=exprs=([^:]*)/)?.[1]);
    const zooms = graphs.map((graph) => graph.match(/zoompan=z=([^:]*)/)?.[1]);

    // Assess
    expect(new Set(music).size).toBe(3);
    expect(new Set(zooms).size).toBe(3);
    expect(cinematic).toContain('T\u200aI\u200aR\u200aE\u200aD');
    expect(cinematic).toContain('fade=t=in');
    expect(directResponse).toContain("boxcolor=\\'0xF2B705@0.94\\'");
    expect(directResponse).toMatch(/eq=brightness=/);
    expect(ugc).toContain("boxcolor=\\'0xFFFFFF@0.94\\'");
    expect(ugc).toMatch(/crop=w=720:h=1280:x=\\'[^']*sin\(/);
  });

  it('leaves no empty filter in the graph for any style and number of images', () => {
    for (const style of ['cinematic', 'direct-response', 'ugc'] as RenderStyle[]) {
      for (const count of [0, 1, 2, 3]) {
        // Act
        const images = ['/a.png', '/b.png', '/c.png'].slice(0, count);
        const graph = graphOf(buildRenderCommand(specFor({ style, footage: { images } }), paths).args);

        // Assess: two separators in a row, or a comma right before a chain's output label, is a filter named ''.
        expect(graph).not.toMatch(/(?<!\\)[,;]\s*[,;]/);
        expect(graph).not.toMatch(/(?<!\\),\s*\[\w+\]\s*(;|$)/);
      }
    }
  });

  it('is the same command every time for the same spec', () => {
    // Act
    const first = buildRenderCommand(specFor(), paths);
    const second = buildRenderCommand(specFor(), paths);

    // Assess
    expect(second).toEqual(first);
  });
});

describe('text inside the filter graph', () => {
  const nasty = [
    'It\'s 50% off: today, only; [really] \\ "quoted"',
    "''''",
    '%{localtime} %{eif:t:d}',
    'Café — naïve ✓ 日本',
    ' padded ',
    'C:\\fonts\\Inter Bold.ttf',
  ];

  it.each(nasty)('survives both parsing levels unchanged: %s', (text) => {
    // Act
    const escaped = filterValue(text);
    const graphLevel = readToken(escaped, '[],;');
    const optionLevel = readToken(graphLevel.token, ':');

    // Assess: nothing ends the filter or the option early, and the text comes out as it went in.
    expect(graphLevel.rest).toBe('');
    expect(optionLevel.rest).toBe('');
    expect(optionLevel.token).toBe(text);
  });

  it('draws captions literally, without drawtext expansion of % sequences', () => {
    // Act
    const graph = graphOf(
      buildRenderCommand(
        specFor({
          style: 'ugc',
          scenes: specFor().scenes.map((scene, i) => (i === 0 ? { ...scene, caption: ['100% %{pts}'] } : scene)),
        }),
        paths,
      ).args,
    );

    // Assess
    expect(drawtextOf(graph, '100% %{pts}')).toContain("expansion=\\'none\\'");
  });
});
