// `npx tsx tools/render-examples.ts`: renders the home page's three example ads with the pipeline
// an order goes through (the template storyboard writer from a site's facts, the buyer's photo
// cleaned as the render function cleans it, the twin's voice, renderStoryboard), for made-up
// businesses whose "photo" is a product shot drawn in SVG (example-products.tsx). Each ad is then
// shrunk for the web: a 432x768 MP4 well under 1 MB, a WebP poster and a captions track of its
// voice-over, written to web/src/features/landing/media/ (the site imports them, so they ship with
// hashed names). Run it again after the renderer or the writer changes, and look at the result.
// The voice is the one createVoice() picks: the twin's offline voice by default, or Amazon Polly's
// neural voices with `VOICE_ENGINE=polly` and AWS credentials (a deploy machine, docs/deploy.md).
// media/examples.json records which, and the home page says so when it is the offline one.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { rasterizeToPng } from '#generation/compose/rasterize.ts';
import { renderStoryboard } from '#generation/compose/render-storyboard.ts';
import { ffmpegPath } from '#generation/media/ffmpeg-binary.ts';
import { filter } from '#generation/media/filter-escape.ts';
import { cleanImage } from '#generation/render-jobs/clean-image.ts';
import type { Storyboard } from '#generation/storyboard/storyboard.ts';
import { templateStoryboardWriter } from '#generation/storyboard/template-writer.ts';
import { createVoice } from '#generation/voice/create-voice.ts';
import type { VoiceEngine } from '#generation/voice/voice.ts';
import type { SiteFacts } from '#generation/website/extract-site-facts.ts';
import type { AdDuration, Style } from '#shared/contract.ts';
import type { ExampleAdId } from '#web/features/landing/example-ads.ts';
import { habitloopPhone, ledgerlyLaptop, type ProductShot, tidewaterBottle } from './example-products.tsx';

const run = promisify(execFile);
const outDir = fileURLToPath(new URL('../web/src/features/landing/media/', import.meta.url));
const durationSeconds: AdDuration = 8;
/** The card and the hero's phone frame are at most ~300 CSS px wide: 432 px covers 1.5x screens. */
const web = { width: 432, height: 768, crf: 28, audioBitrate: '64k', maxBytes: 1024 * 1024 } as const;

interface ExampleBusiness {
  facts: SiteFacts;
  style: Style;
  /** The buyer's photo: the product as a shop would shoot it. */
  product: () => Promise<ProductShot>;
}

/** Keyed by the card's id in web/src/features/landing/example-ads.ts. */
const businesses: Record<ExampleAdId, ExampleBusiness> = {
  'saas-launch': {
    style: 'cinematic',
    facts: {
      businessName: 'Ledgerly',
      domain: 'ledgerly.app',
      headline: 'Invoices that chase themselves',
      description: 'Ledgerly sends, tracks and follows up on every invoice so you get paid on time.',
      benefits: ['Get paid 2x faster', 'Automatic reminders', 'Syncs with your bank'],
      themeColor: '#4338ca',
    },
    product: ledgerlyLaptop,
  },
  'ecommerce-sale': {
    style: 'direct-response',
    facts: {
      businessName: 'Tidewater Bottles',
      domain: 'tidewaterbottles.com',
      headline: 'The bottle that keeps ice for 36 hours',
      description: 'Insulated steel bottles made to last, in twelve ocean colours.',
      benefits: ['Keeps drinks cold 36 hours', 'Lifetime warranty', 'Free shipping over $40'],
      offers: ['Free shipping over $40'],
      themeColor: '#0e7490',
    },
    product: tidewaterBottle,
  },
  'app-install': {
    style: 'ugc',
    facts: {
      businessName: 'Habitloop',
      domain: 'habitloop.app',
      headline: 'Build habits that actually stick',
      description: 'A tiny daily checklist with streaks, reminders and friends who cheer you on.',
      benefits: ['Streaks that keep you going', 'Two taps a day', 'Free on iOS and Android'],
      themeColor: '#db2777',
    },
    product: habitloopPhone,
  },
};

/** The product shot as the buyer's upload after clean-image.ts: a bounded PNG, alpha kept. */
async function productPhoto(business: ExampleBusiness, dir: string): Promise<string> {
  const shot = await business.product();
  const cleaned = await cleanImage(await rasterizeToPng(shot.svg), join(dir, 'upload.png'));
  if ('failure' in cleaned) throw new Error(`the product shot could not be cleaned: ${cleaned.failure}`);
  return cleaned.path;
}

async function shrinkForWeb(videoPath: string, posterPath: string, id: string): Promise<number> {
  const mp4 = join(outDir, `${id}.mp4`);
  const scale = filter('scale', { w: web.width, h: web.height, flags: 'lanczos' });
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-i',
    videoPath,
    '-vf',
    scale,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    String(web.crf),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    web.audioBitrate,
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    mp4,
  ]);
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-i',
    posterPath,
    '-vf',
    scale,
    '-c:v',
    'libwebp',
    '-quality',
    '72',
    join(outDir, `${id}.webp`),
  ]);
  const { size } = await stat(mp4);
  if (size > web.maxBytes) throw new Error(`${id}.mp4 is ${size} bytes; raise web.crf`);
  return size;
}

const timestamp = (seconds: number) => {
  const millis = Math.round(seconds * 1000);
  const [minutes, rest] = [Math.floor(millis / 60_000), millis % 60_000];
  return `00:${String(minutes).padStart(2, '0')}:${(rest / 1000).toFixed(3).padStart(6, '0')}`;
};

/** The card's captions track: each scene's voice-over line while its scene is on screen. */
function voiceCaptions(storyboard: Storyboard): string {
  const cues = storyboard.scenes
    .filter((scene) => scene.voiceLine.trim())
    .map((scene) => `${timestamp(scene.startSeconds)} --> ${timestamp(scene.endSeconds)}\n${scene.voiceLine}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

const workDir = await mkdtemp(join(tmpdir(), 'reelfive-examples-'));
try {
  await mkdir(outDir, { recursive: true });
  const voice = await createVoice();
  const engine: VoiceEngine = voice.engine;
  for (const [id, business] of Object.entries(businesses)) {
    const dir = join(workDir, id);
    await mkdir(dir);
    const storyboard = await templateStoryboardWriter.write({
      site: { ...business.facts, source: 'site' },
      order: { style: business.style, durationSeconds, uploadKey: `uploads/${id}.png` },
    });
    const ad = await renderStoryboard(storyboard, {
      images: { upload: await productPhoto(business, dir) },
      voice,
      workDir: dir,
    });
    const bytes = await shrinkForWeb(ad.videoPath, ad.posterPath, id);
    await writeFile(join(outDir, `${id}.vtt`), voiceCaptions(storyboard));
    console.log(
      `${id}: ${business.style}, ${durationSeconds} s, ${ad.attempt} layout, ${(bytes / 1024).toFixed(0)} KB;`,
      storyboard.scenes.map((scene) => `${scene.role}: "${scene.voiceLine}"`).join(' | '),
    );
  }
  await writeFile(join(outDir, 'examples.json'), `${JSON.stringify({ voice: engine }, null, 2)}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
