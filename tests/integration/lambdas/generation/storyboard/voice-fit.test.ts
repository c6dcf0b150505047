// The template writer's words against the real local voice (festival, SLT HTS): every storyboard
// it writes for the fixture sites and Northwind, in every style and length, is read line by line as
// the renderer reads it (compose/render-storyboard.ts: at its style's pace, and at most 15 % faster
// when it would outlast its scene less 0.1 s, voice/pace.ts) and placed by the renderer
// (compose/voice-track.ts: J-cuts, tighter pauses, never faster). None may fail to fit: an order
// whose voice-over does not fit is refunded. The same reads, at their style's pace but not sped up
// to fit, measure the pace the writer budgets with (pacing in storyboard/scene-plans.ts). Each distinct line is
// read once per rate (festival ~0.3 s each); one full 12 s cinematic ad is rendered to close the loop.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { placeVoice, type SceneSlot, sceneLeadSeconds } from '#generation/compose/voice-track.ts';
import { adHeardBudget } from '#generation/storyboard/scene-words.ts';
import { spokenWordCount } from '#generation/storyboard/spoken-words.ts';
import { type Storyboard, wordsOf } from '#generation/storyboard/storyboard.ts';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import type { StoryboardInput } from '#generation/storyboard/writer.ts';
import { festivalReads, localVoice } from '#generation/voice/local-voice.ts';
import { targetPace, voiceFor } from '#generation/voice/style-voices.ts';
import type { LocalVoiceChoice, Read, SpokenLine } from '#generation/voice/voice.ts';
import { voiceFrom } from '#generation/voice/voice-from.ts';
import { type AdDuration, adDurations, type Style, styles } from '#shared/contract.ts';
import { type SitePage, siteFactsOf, unreachableSite as unreachable } from '#tests/unit/fixtures/sites.ts';
import { northwindFacts, writeProductPhoto } from '../../../support/ad-fixtures.ts';

const sites: (readonly [string, StoryboardInput['site']])[] = [
  ['northwind', { ...northwindFacts, source: 'site' }],
  ...(['candleShop', 'saas', 'plumber', 'bare'] as SitePage[]).map((page) => [page, siteFactsOf(page)] as const),
  ['unreachable', unreachable],
];
const ads = sites.flatMap(([name, site]) =>
  styles.flatMap((style) =>
    adDurations.map((duration) => ({
      name,
      style,
      duration,
      storyboard: writeTemplateStoryboard({ site, order: { style, durationSeconds: duration, uploadKey: null } }),
    })),
  ),
);

let workDir: string;
const reads = new Map<string, Promise<SpokenLine>>();
const readKey = (line: Read) => JSON.stringify([line.words, line.rate]);
/**
 * The local voice, its reads cached: the same pacing and fitting (voiceFrom) over the same festival
 * reads, every read not yet made going to one festival process, as an ad's lines do.
 */
const voice = voiceFrom<LocalVoiceChoice>('local', (lines, choice) => {
  const missing = [
    ...new Map(lines.filter((line) => !reads.has(readKey(line))).map((line) => [readKey(line), line])).values(),
  ];
  if (missing.length > 0) {
    const batch = festivalReads(missing, choice, workDir);
    for (const [index, line] of missing.entries())
      reads.set(
        readKey(line),
        batch.then((spoken) => spoken[index]!),
      );
  }
  return Promise.all(lines.map((line) => reads.get(readKey(line))!));
});

/** Each scene's line read as compose/render-storyboard.ts reads it. */
function speakAsRendered(storyboard: Storyboard): Promise<(SpokenLine | null)[]> {
  const choice = voiceFor(storyboard.style, 'local');
  return Promise.all(
    storyboard.scenes.map((scene) => {
      if (!scene.voiceLine.trim()) return null;
      const seconds = scene.endSeconds - scene.startSeconds;
      return voice.speak(
        { text: scene.voiceLine, maxSeconds: Math.max(0.5, seconds - sceneLeadSeconds) },
        choice,
        workDir,
      );
    }),
  );
}

/** Each scene's line at the style's pace, never sped up to fit. */
function speakUnsped(storyboard: Storyboard): Promise<(SpokenLine | null)[]> {
  const choice = voiceFor(storyboard.style, 'local');
  return Promise.all(
    storyboard.scenes.map((scene) =>
      scene.voiceLine.trim() ? voice.speak({ text: scene.voiceLine }, choice, workDir) : null,
    ),
  );
}

function slotsOf(storyboard: Storyboard): SceneSlot[] {
  return storyboard.scenes.map((scene) => ({
    startSeconds: scene.startSeconds,
    endSeconds: scene.endSeconds,
    endCard: scene.role === 'cta',
  }));
}

/** The seconds every line could still grow by (negative: must shrink by) and the renderer still place them all. */
function spareSeconds(storyboard: Storyboard, spoken: (SpokenLine | null)[]): number {
  const grown = (by: number) =>
    spoken.map(
      (line) =>
        line && {
          ...line,
          durationSeconds: line.durationSeconds + by,
          words: line.words.map((word, index) =>
            index === line.words.length - 1 ? { ...word, endSeconds: word.endSeconds + by } : word,
          ),
        },
    );
  const fits = (by: number) => 'lines' in placeVoice(slotsOf(storyboard), grown(by), storyboard.durationSeconds);
  let [low, high] = fits(0) ? [0, 2] : [-2, 0];
  for (let step = 0; step < 24; step += 1) {
    const middle = (low + high) / 2;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** From the first word's start to the last word's end: what a line takes on the ad's clock. */
function speechSeconds(line: SpokenLine): number {
  return line.words.at(-1)!.endSeconds - line.words[0]!.startSeconds;
}

const report: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'storyboard-voice-fit-'));
  // Every distinct line of a style in one call: one festival for the first reads, one for those
  // read again at another rate; two styles at a time (2 cores).
  const byStyle = new Map<Style, Set<string>>();
  for (const { storyboard } of ads) {
    const lines = byStyle.get(storyboard.style) ?? new Set<string>();
    for (const scene of storyboard.scenes) if (scene.voiceLine.trim()) lines.add(scene.voiceLine);
    byStyle.set(storyboard.style, lines);
  }
  const queue = [...byStyle];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [style, lines] = next;
      await voice.speakLines(
        [...lines].map((text) => ({ text })),
        voiceFor(style, 'local'),
        workDir,
      );
    }
  };
  await Promise.all([worker(), worker()]);
}, 300_000);

afterAll(async () => {
  console.log(
    `voice fit (spare seconds: how much longer every line could be; as rendered / read unsped)\n${report.join('\n')}`,
  );
  await rm(workDir, { recursive: true, force: true });
});

describe('the template writer’s voice-over, read by the local voice', () => {
  it.each(ads)('$name, $style, $duration s: fits the ad as the renderer places it', async ({ name, storyboard }) => {
    // Act
    const [rendered, unsped] = await Promise.all([speakAsRendered(storyboard), speakUnsped(storyboard)]);
    const placed = placeVoice(slotsOf(storyboard), rendered, storyboard.durationSeconds);

    // Assess
    for (const line of rendered) {
      // Festival timed every word in order (a mis-timed word would let a long line pass as short).
      if (line) expect(speechSeconds(line), line.words.map((word) => word.word).join(' ')).toBeGreaterThan(0);
    }
    expect(placed).not.toHaveProperty('problem');
    const { style, durationSeconds } = storyboard;
    const choice = voiceFor(style, 'local');
    const heard = storyboard.scenes.reduce((sum, scene) => sum + spokenWordCount(scene.voiceLine), 0);
    report.push(
      [
        `${name} ${style} ${durationSeconds} s:`,
        `${heard}/${adHeardBudget(style, durationSeconds)} heard words,`,
        `${rendered.filter((line) => line && line.rate !== choice.rate).length} line(s) read at another rate than the style's first,`,
        `spare ${spareSeconds(storyboard, rendered).toFixed(2)} / ${spareSeconds(storyboard, unsped).toFixed(2)} s`,
      ].join(' '),
    );
  });

  it.each(styles)('%s: reads the writer’s lines inside the style’s pace (±0.05 words a second)', async (style) => {
    // Act: every line of every ad of this style, unsped, pooled (a line said in several ads counts each time).
    const scenes = ads.filter((ad) => ad.style === style).flatMap(({ storyboard }) => storyboard.scenes);
    const choice = voiceFor(style, 'local');
    let heard = 0;
    let written = 0;
    let seconds = 0;
    for (const scene of scenes.filter((each) => each.voiceLine.trim())) {
      const line = await voice.speak({ text: scene.voiceLine }, choice, workDir);
      heard += spokenWordCount(scene.voiceLine);
      written += wordsOf(scene.voiceLine).length;
      seconds += speechSeconds(line);
    }

    // Assess
    const pace = heard / seconds;
    console.log(`${style}: ${pace.toFixed(2)} heard, ${(written / seconds).toFixed(2)} written words a second`);
    expect(pace).toBeGreaterThanOrEqual(targetPace(style).min - 0.05);
    expect(pace).toBeLessThanOrEqual(targetPace(style).max + 0.05);
  });

  it('renders the 12 s cinematic ad, the calmest voice and the longest lines, without a voice-over problem', async () => {
    // Prepare
    const dir = await mkdtemp(join(workDir, 'render-'));
    const upload = join(dir, 'upload.png');
    await sharp(await readFile(await writeProductPhoto(dir)))
      .png()
      .toFile(upload);
    const storyboard = writeTemplateStoryboard({
      site: { ...northwindFacts, source: 'site' },
      order: { style: 'cinematic', durationSeconds: 12 satisfies AdDuration, uploadKey: 'upload.jpg' },
    });

    // Act
    const ad = await renderStoryboard(storyboard, { images: { upload }, voice: localVoice(), workDir: dir });

    // Assess
    console.log(`render cinematic 12 s: ${JSON.stringify(ad.seconds)}`);
    expect(ad.durationSeconds).toBeCloseTo(12, 1);
    expect(ad.gates.media.speechSeconds).toBeGreaterThan(0.3 * 12);
  }, 120_000);
});
