// The ads group (`npm run bench -- --only=ads`, `--full` for the whole grid): the demo shops
// (local/demo-shops) made into ads in-process, step by step as the twin's functions make them —
// the real site reader, the storyboard writer, the render function's image cleaning, the twin's
// voice and renderStoryboard — then each ad's contact sheet (bench/ad-sheets/) and its scorecard
// (ad-scorecard.ts: text on frame 0, brand, product, price, repeats, voice gaps, pace, product size,
// render time, loudness, the voice's word error rate), written to bench/ad-scorecard.json and .md.
// Quick: each shop once, the styles rotated, 8 and 12 s. Full: every shop × style × 4/8/12 s.
// `--shops=ember-oak-coffee,picky-paws` scores only those shops' ads; `--styles=ugc` and
// `--lengths=8,12` narrow the grid the same way (with --full: one style's every length).
// `--voice-only`: the whole grid's voices, read and placed but not rendered (ad-voices.ts,
// bench/ad-voices.md).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { captionTrack } from '#generation/compose/captions.ts';
import { writeContactSheet } from '#generation/compose/contact-sheet.ts';
import { frame } from '#generation/compose/geometry.ts';
import { type CaptionBandLayout, type ImageFacts, layoutStoryboard } from '#generation/compose/layout.ts';
import {
  AdGateError,
  placeOnVoice,
  type RenderedAd,
  type RenderOptions,
  renderStoryboard,
} from '#generation/compose/render-storyboard.ts';
import type { Placement } from '#generation/compose/voice-track.ts';
import { cleanImage } from '#generation/render-jobs/clean-image.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { storyboardSchema } from '#generation/storyboard/storyboard-schema.ts';
import { writeStoryboard } from '#generation/storyboard/write-storyboard.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import type { SpokenLine, Voice } from '#generation/voice/voice.ts';
import { analyzeWebsite, type WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { fetchPublicImage, setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { demoShopHosts, serveDemoShops } from '#local/demo-shops/serve.ts';
import { buyerPhotoPath, demoUploadKey } from '#local/demo-shops/shops.ts';
import type { AdDuration, Style } from '#shared/contract.ts';
import { type AdOrder, adOrders } from './ad-orders.ts';
import { type AdMeasures, type Check, checkAd, measureAd } from './ad-scorecard.ts';
import { adTimeline, textFadeIns } from './ad-timeline.ts';
import { benchAdVoices } from './ad-voices.ts';
import { record, recordFailure, round } from './figures.ts';
import { speechRecognizerInstalled, type VoiceWordErrors, voiceWordErrors } from './word-error-rate.ts';

const sheetsDir = 'bench/ad-sheets';
const scorecardJson = 'bench/ad-scorecard.json';
const scorecardMarkdown = 'bench/ad-scorecard.md';
const large = { width: 1080, height: 1920 } as const;

export interface AdScore {
  ad: string;
  shop: string;
  style: Style;
  durationSeconds: AdDuration;
  /** What the site reader made of the shop ('site' or the domain-only 'fallback', with why). */
  reading: string;
  writer: string;
  attempt: RenderedAd['attempt'] | 'refused';
  /** The gates' reasons, when the ad was refused or fell back to the safe look. */
  problems: string[];
  hook: string;
  voiceLines: string[];
  /** How the voice was placed (voice-track.ts); `over-end-card` is the last resort. */
  placement: Placement | null;
  endCardLineDropped: boolean;
  measures: AdMeasures | null;
  render720Seconds: number | null;
  /** The 1-minute load average when the render started: other work on the same cores slows it. */
  loadAverage: number;
  /** null: renderStoryboard does not render 1080x1920 yet (or the ad is not a 12 s one). */
  render1080Seconds: number | null;
  lufs: number | null;
  textOverProduct: number | null;
  wordErrors: VoiceWordErrors | null;
  checks: Check[];
  sheet: string | null;
}

/** A voice that keeps what it said per line, so the bench can place it as the renderer does. */
function recordingVoice(voice: Voice): { voice: Voice; said: Map<string, SpokenLine> } {
  const said = new Map<string, SpokenLine>();
  return {
    said,
    voice: {
      engine: voice.engine,
      async speakLines(lines, choice, workDir) {
        const spoken = await voice.speakLines(lines, choice, workDir);
        for (const [index, line] of lines.entries()) said.set(line.text, spoken[index]!);
        return spoken;
      },
      async speak(line, choice, workDir) {
        const spoken = await voice.speak(line, choice, workDir);
        said.set(line.text, spoken);
        return spoken;
      },
    },
  };
}

/** The storyboard's images fetched and cleaned as the render function does (render.handler.ts). */
async function cleanSiteImages(storyboard: Storyboard, workDir: string): Promise<Record<string, string>> {
  const cleaned = await Promise.all(
    storyboard.assets.map(async (asset, index) => {
      if (!asset.url) return undefined;
      const fetched = await fetchPublicImage(asset.url);
      if ('failure' in fetched) return undefined;
      const outcome = await cleanImage(fetched.bytes, join(workDir, `asset-${index}.png`));
      return 'path' in outcome ? ([asset.id, outcome.path] as const) : undefined;
    }),
  );
  return Object.fromEntries(cleaned.filter((entry) => entry !== undefined));
}

/** The buyer's photo cleaned as the render function cleans an upload, under its asset's id. */
async function cleanUpload(
  storyboard: Storyboard,
  photo: string | null,
  workDir: string,
): Promise<Record<string, string>> {
  const upload = storyboard.assets.find((asset) => asset.source === 'upload');
  if (!photo || !upload) return {};
  const outcome = await cleanImage(await readFile(photo), join(workDir, 'upload.png'));
  return 'path' in outcome ? { [upload.id]: outcome.path } : {};
}

/** Each cleaned image's size and opacity, as renderStoryboard measures them for its layout. */
async function imageFacts(paths: Record<string, string>): Promise<Map<string, ImageFacts>> {
  const facts = new Map<string, ImageFacts>();
  for (const [id, path] of Object.entries(paths)) {
    const image = sharp(await readFile(path));
    const { width, height, hasAlpha } = await image.metadata();
    if (!width || !height) continue;
    const opaque = !hasAlpha || (await image.stats()).channels[3]!.min === 255;
    facts.set(id, { width, height, opaque });
  }
  return facts;
}

/** One render at 1080x1920 (renderStoryboard's `frame`); believed only when the MP4 has that size. */
async function renderLarge(storyboard: Storyboard, options: RenderOptions): Promise<number | null> {
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-ad-1080-'));
  try {
    const sized = { ...options, workDir, frame: large };
    const ad = await renderStoryboard(storyboard, sized);
    return ad.width === large.width && ad.height === large.height ? ad.seconds.total : null;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

interface RunState {
  voice: Voice;
  /** False once a 1080x1920 render came out at another size. */
  large: boolean;
  wer: boolean;
}

async function scoreAd(order: AdOrder, site: WebsiteAnalysis, state: RunState): Promise<AdScore> {
  const { shop, style, durationSeconds } = order;
  const ad = `${shop.slug}-${style}-${durationSeconds}`;
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-ad-bench-'));
  try {
    const photo = buyerPhotoPath(shop);
    const { storyboard: written, writer } = await writeStoryboard({
      site,
      order: { style, durationSeconds, uploadKey: photo ? demoUploadKey : null },
    });
    const storyboard = storyboardSchema.parse(written);
    const images = {
      ...(await cleanSiteImages(storyboard, workDir)),
      ...(await cleanUpload(storyboard, photo, workDir)),
    };
    const recording = recordingVoice(state.voice);
    const base: AdScore = {
      ad,
      shop: shop.name,
      style,
      durationSeconds,
      reading: site.source === 'site' ? 'site' : `fallback (${site.failure})`,
      writer,
      attempt: 'refused',
      problems: [],
      hook: storyboard.scenes[0]!.text.join(' / '),
      voiceLines: storyboard.scenes.map((scene) => scene.voiceLine),
      placement: null,
      endCardLineDropped: false,
      measures: null,
      render720Seconds: null,
      loadAverage: round(loadavg()[0] ?? 0),
      render1080Seconds: null,
      lufs: null,
      textOverProduct: null,
      wordErrors: null,
      checks: [],
      sheet: null,
    };
    let rendered: RenderedAd;
    try {
      rendered = await renderStoryboard(storyboard, { images, voice: recording.voice, workDir });
    } catch (error) {
      if (!(error instanceof AdGateError)) throw error;
      return { ...base, problems: error.problems };
    }
    const sheet = join(sheetsDir, `${ad}.png`);
    // Committed for reviewers: a palette PNG is a quarter of the size and reads the same.
    await writeContactSheet(rendered.videoPath, rendered.storyboard, join(workDir, 'sheet.png'));
    await sharp(await readFile(join(workDir, 'sheet.png')))
      .png({ palette: true, quality: 85, compressionLevel: 9 })
      .toFile(sheet);

    // The ad's timeline, from the same pure steps the renderer took.
    const safe = rendered.attempt === 'safe';
    const spoken = storyboard.scenes.map((scene) => recording.said.get(scene.voiceLine) ?? null);
    // As cut: the end card may come in on the voice's beat (voice-cuts.ts).
    const { storyboard: cut, placed } = placeOnVoice(storyboard, spoken);
    const layout = layoutStoryboard(cut, await imageFacts(images), { safe });
    const bands = new Map<number, CaptionBandLayout>();
    for (const scene of layout.scenes) if (scene.captions) bands.set(scene.index, scene.captions);
    const endCard = layout.scenes.find((scene) => scene.endCard);
    const captions = captionTrack(
      placed.lines,
      bands,
      endCard ? endCard.startFrame / frame.fps : storyboard.durationSeconds,
    );
    const args = JSON.parse(
      await readFile(join(workDir, `${safe ? 'safe' : 'designed'}-ffmpeg-args.json`), 'utf8'),
    ) as string[];
    const timeline = adTimeline({ storyboard: cut, layout, lines: placed.lines, captions, fadeIns: textFadeIns(args) });
    const measures = measureAd(timeline, { name: shop.name, domain: shop.host, product: shop.product });

    const wordErrors = state.wer
      ? await voiceWordErrors(
          storyboard.scenes.flatMap((scene) => {
            const line = recording.said.get(scene.voiceLine);
            return line ? [{ text: scene.voiceLine, audioPath: line.audioPath }] : [];
          }),
          workDir,
        )
      : null;
    let render1080Seconds: number | null = null;
    if (state.large && durationSeconds === 12) {
      render1080Seconds = await renderLarge(storyboard, { images, voice: state.voice, workDir });
      if (render1080Seconds === null) state.large = false;
    }
    const score: AdScore = {
      ...base,
      attempt: rendered.attempt,
      problems: rendered.refused,
      placement: placed.placement,
      endCardLineDropped: placed.endCardLineDropped,
      measures,
      render720Seconds: rendered.seconds.total,
      render1080Seconds,
      lufs: rendered.gates.media.integratedLufs,
      textOverProduct: rendered.gates.layout.overProduct,
      wordErrors,
      sheet,
    };
    score.checks = checkAd(measures, {
      durationSeconds,
      style,
      // An unreadable site's ad is the name alone unless its buyer's photo reached the render.
      nameOnly:
        site.source === 'fallback' && !storyboard.assets.some((asset) => images[asset.id] && asset.source === 'upload'),
      render720Seconds: score.render720Seconds,
      render1080Seconds,
      lufs: score.lufs,
    });
    return score;
  } finally {
    // A failed render may still be closing its children's files.
    await rm(workDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

const columns = [
  ['text on frame 0', 'frame 0'],
  ['brand on screen', 'brand'],
  ['product spoken', 'said'],
  ['product shown', 'shown'],
  ['price shown with its product', 'price+product'],
  ['facts twice in a frame', 'repeats'],
  ['longest voice gap', 'gap'],
  ['heard words/s', 'words/s'],
  ["product's key area / safe zone height", 'key area'],
  ['loudness', 'LUFS'],
  ['render at 720x1280', '720p s'],
] as const;

function cell(score: AdScore, measure: string): string {
  const check = score.checks.find((each) => each.measure === measure);
  if (!check) return measure === 'render at 720x1280' && score.render720Seconds ? `${score.render720Seconds}` : '–';
  return `${check.value}${check.pass ? '' : ' ✗'}`;
}

export function scorecardTable(scores: readonly AdScore[]): string {
  const header = ['ad', ...columns.map(([, short]) => short), '1080p s', 'WER', 'voice placed', 'missed'];
  const rows = scores.map((score) => [
    score.ad,
    ...columns.map(([measure]) => cell(score, measure)),
    score.render1080Seconds === null ? 'n/a' : String(score.render1080Seconds),
    score.wordErrors ? score.wordErrors.wordErrorRate.toFixed(2) : 'n/a',
    placementCell(score),
    score.attempt === 'refused' ? 'refused' : String(score.checks.filter((check) => !check.pass).length),
  ]);
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

/** How the voice was placed; the last resort is flagged, and whether it cost the end card its line. */
function placementCell(score: AdScore): string {
  if (!score.placement) return '–';
  if (score.placement !== 'over-end-card') return score.placement;
  return `last resort${score.endCardLineDropped ? ' (CTA line dropped)' : ''}`;
}

/** The scorecard's totals: how often the voice's last-resort placement was needed. */
export function placementTotals(scores: readonly AdScore[]): string {
  const placed = scores.filter((score) => score.placement);
  const lastResorts = placed.filter((score) => score.placement === 'over-end-card');
  const dropped = placed.filter((score) => score.endCardLineDropped);
  return `Voice placed by the last resort (the story over the end card): ${lastResorts.length} of ${placed.length} ads; the end card's line dropped in ${dropped.length}${dropped.length ? ` (${dropped.map((score) => score.ad).join(', ')})` : ''}.`;
}

function scorecardNotes(scores: readonly AdScore[]): string {
  return scores
    .map((score) =>
      [
        `### ${score.ad}`,
        `- read: ${score.reading}; writer: ${score.writer}; load average ${score.loadAverage}; look: ${score.attempt}${score.problems.length ? ` (${score.problems.join('; ')})` : ''}`,
        `- hook: "${score.hook}"`,
        `- voice: ${score.voiceLines.map((line) => `"${line}"`).join(' · ')}${score.placement ? ` (placed: ${placementCell(score)})` : ''}`,
        ...(score.wordErrors
          ? [
              `- heard (pocketsphinx, script model): "${score.wordErrors.heard}"${score.wordErrors.outOfDictionary.length ? `; not in its dictionary: ${score.wordErrors.outOfDictionary.join(', ')}` : ''}`,
            ]
          : []),
        ...(score.sheet ? [`- contact sheet: ${score.sheet.replace(/^bench\//, '')}`] : []),
        `- failed: ${
          score.checks
            .filter((check) => !check.pass)
            .map((check) => `${check.measure} ${check.value} (budget ${check.budget})`)
            .join('; ') || 'none'
        }`,
      ].join('\n'),
    )
    .join('\n\n');
}

export async function benchAds(argv: readonly string[]): Promise<AdScore[]> {
  const full = argv.includes('--full');
  const voiceOnly = argv.includes('--voice-only');
  const listed = (flag: string) =>
    argv
      .find((arg) => arg.startsWith(`--${flag}=`))
      ?.slice(flag.length + 3)
      .split(',');
  const [onlyShops, onlyStyles] = [listed('shops'), listed('styles')];
  const onlyLengths = listed('lengths')?.map(Number);
  const orders = adOrders(full || voiceOnly).filter(
    ({ shop, style, durationSeconds }) =>
      (!onlyShops || onlyShops.includes(shop.slug)) &&
      (!onlyStyles || onlyStyles.includes(style)) &&
      (!onlyLengths || onlyLengths.includes(durationSeconds)),
  );
  await mkdir(sheetsDir, { recursive: true });
  const shops = await serveDemoShops();
  setTestSiteHosts(demoShopHosts);
  const sites = new Map<string, WebsiteAnalysis>();
  const siteOf = async ({ shop }: AdOrder) => {
    if (!sites.has(shop.slug)) sites.set(shop.slug, await analyzeWebsite(shops.url(shop.slug)));
    return sites.get(shop.slug)!;
  };
  if (voiceOnly) {
    try {
      await benchAdVoices(orders, siteOf, await createVoice());
      return [];
    } finally {
      setTestSiteHosts(null);
      await shops.close();
    }
  }
  const state: RunState = { voice: await createVoice(), large: true, wer: await speechRecognizerInstalled() };
  if (!state.wer) console.log('word error rate: n/a (apt-get install -y pocketsphinx pocketsphinx-en-us sox)');
  const scores: AdScore[] = [];
  try {
    for (const order of orders) {
      const { shop } = order;
      const site = await siteOf(order);
      const name = `${shop.slug}-${order.style}-${order.durationSeconds}`;
      try {
        const score = await scoreAd(order, site, state);
        scores.push(score);
        const failed = score.checks.filter((check) => !check.pass);
        console.log(
          `${name}: ${score.attempt === 'refused' ? `refused (${score.problems.join('; ')})` : failed.length ? `FAIL ${failed.map((check) => `${check.measure} ${check.value}`).join('; ')}` : 'pass'}`,
        );
        if (score.attempt === 'refused') {
          recordFailure(`ad scorecard, ${name} (refused by its gates: no ad)`, new Error(score.problems.join('; ')));
        } else {
          record(
            `ad scorecard budgets missed, ${name}`,
            failed.length,
            '',
            { max: 0 },
            failed.map((check) => check.measure).join(', ') || undefined,
          );
        }
        if (score.render720Seconds !== null) {
          record(
            `ad render at 720x1280, ${name}`,
            round(score.render720Seconds, 2),
            's',
            order.durationSeconds === 12 ? { max: 15 } : undefined,
            `load ${score.loadAverage} on ${availableParallelism()} cores`,
          );
        }
      } catch (error) {
        recordFailure(`ad scorecard, ${name}`, error);
      }
    }
  } finally {
    setTestSiteHosts(null);
    await shops.close();
  }
  const table = scorecardTable(scores);
  console.log(`\n${table}\n\n${placementTotals(scores)}\n`);
  await writeFile(
    scorecardJson,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), full, scores }, null, 2)}\n`,
  );
  await writeFile(
    scorecardMarkdown,
    [
      '# Ad scorecard',
      '',
      `\`npm run bench -- --only=ads${full ? ' --full' : ''}\`, ${new Date().toISOString()}: the demo shops (local/demo-shops) as the twin makes their ads (template writer, festival voice). ✗ = over budget; budgets in docs/budgets.md, "Ad scorecard". 1080p: n/a until renderStoryboard renders 1080x1920. WER is advisory.`,
      '',
      table,
      '',
      placementTotals(scores),
      '',
      scorecardNotes(scores),
      '',
    ].join('\n'),
  );
  console.log(`ad scorecard: ${scorecardMarkdown}, ${scorecardJson}; contact sheets in ${sheetsDir}/`);
  return scores;
}
