// `npx tsx tools/render-examples.ts`: renders the home page's three example ads with our own
// pipeline (template copywriter → renderSpecFor → renderAd), from made-up businesses and a
// product shot drawn by ffmpeg, then shrinks each for the web: a 432x768 MP4 well under 1 MB, a
// WebP poster and a captions track, written to web/src/features/landing/media/ (the site imports
// them, so they ship with hashed names). Run it again after the renderer changes.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ffmpegPath } from '#generation/render/ffmpeg-binary';
import { filter } from '#generation/render/filter-escape';
import { renderFonts } from '#generation/render/fonts';
import { renderAd } from '#generation/render/render-ad';
import { renderSpecFor } from '#generation/render-jobs/render-request';
import { templateCopywriter } from '#generation/script/template-copywriter';
import type { SiteFacts } from '#generation/website/extract-site-facts';
import type { Style } from '#shared/contract';
import type { ExampleAdId } from '../web/src/features/landing/example-ads.ts';

const run = promisify(execFile);
const outDir = fileURLToPath(new URL('../web/src/features/landing/media/', import.meta.url));
const durationSeconds = 8;
/** The card and the hero's phone frame are at most ~300 CSS px wide: 432 px covers 1.5x screens. */
const web = { width: 432, height: 768, crf: 28, audioBitrate: '64k', maxBytes: 1024 * 1024 } as const;

interface ExampleBusiness {
  facts: SiteFacts;
  style: Style;
  /** ffmpeg drawbox/drawtext steps over a plain 900x1200 canvas: the business's "product shot". */
  shot: { background: string; draw: (font: string) => string[] };
}

const box = (x: number, y: number, w: number, h: number, color: string) =>
  filter('drawbox', { x, y, w, h, color, t: 'fill' });
const text = (font: string, value: string, x: number, y: number, size: number, color: string) =>
  filter('drawtext', { fontfile: font, text: value, x, y, fontsize: size, fontcolor: color });

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
    shot: {
      background: '#0f172a',
      draw: (font) => [
        box(0, 0, 200, 1200, '#1e1b4b'),
        text(font, 'Ledgerly', 40, 50, 40, 'white'),
        ...[160, 230, 300, 370].map((y) => box(40, y, 120, 22, '#312e81')),
        text(font, 'Paid this month', 250, 60, 36, '#c7d2fe'),
        text(font, '$48,210', 250, 110, 96, 'white'),
        ...[
          [260, 520, 220],
          [360, 460, 280],
          [460, 380, 360],
          [560, 300, 440],
          [660, 220, 520],
          [760, 170, 570],
        ].map(([x, y, h]) => box(x ?? 0, (y ?? 0) + 180, 70, h ?? 0, '#818cf8')),
        ...[990, 1060, 1130].map((y, i) => box(250, y, 600, 50, i === 0 ? '#22c55e' : '#1e293b')),
        text(font, 'INV-2291  Paid', 270, 1000, 28, 'white'),
      ],
    },
  },
  'ecommerce-sale': {
    style: 'direct-response',
    facts: {
      businessName: 'Tidewater Bottles',
      domain: 'tidewaterbottles.com',
      headline: 'The bottle that keeps ice for 36 hours',
      description: 'Insulated steel bottles made to last, in twelve ocean colours.',
      benefits: ['Keeps drinks cold 36 hours', 'Lifetime warranty', 'Free shipping over $40'],
      themeColor: '#0e7490',
    },
    shot: {
      background: '#e0f2fe',
      draw: (font) => [
        box(0, 900, 900, 300, '#bae6fd'),
        box(330, 180, 240, 70, '#0f172a'),
        box(350, 250, 200, 40, '#334155'),
        box(300, 290, 300, 700, '#0e7490'),
        box(300, 520, 300, 220, '#ecfeff'),
        text(font, 'TIDEWATER', 335, 600, 44, '#0e7490'),
        box(330, 300, 30, 680, '#22d3ee@0.35'),
        box(260, 990, 380, 30, '#64748b@0.35'),
      ],
    },
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
    shot: {
      background: '#fdf2f8',
      draw: (font) => [
        box(210, 80, 480, 1040, '#111827'),
        box(230, 100, 440, 1000, '#ffffff'),
        text(font, 'Today', 260, 140, 48, '#111827'),
        text(font, '21 day streak', 260, 210, 30, '#db2777'),
        ...['Drink water', 'Read 10 pages', 'Walk 20 min', 'Stretch', 'No phone in bed'].flatMap((habit, i) => [
          box(260, 290 + i * 130, 380, 100, i < 3 ? '#fce7f3' : '#f3f4f6'),
          box(280, 318 + i * 130, 44, 44, i < 3 ? '#db2777' : '#d1d5db'),
          text(font, habit, 345, 325 + i * 130, 30, '#111827'),
        ]),
      ],
    },
  },
};

async function drawProductShot(business: ExampleBusiness, path: string, font: string): Promise<void> {
  const graph = [filter('color', { c: business.shot.background, s: '900x1200' }), ...business.shot.draw(font)].join(
    ',',
  );
  await run(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', graph, '-frames:v', '1', '-q:v', '2', path]);
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

/** The card's captions track: the sound is a music bed only; the words are already on screen. */
function musicCaptions(seconds: number): string {
  return `WEBVTT\n\n00:00:00.000 --> 00:00:${String(seconds).padStart(2, '0')}.000\n[Upbeat music]\n`;
}

const workDir = await mkdtemp(join(tmpdir(), 'reelfive-examples-'));
try {
  await mkdir(outDir, { recursive: true });
  const fonts = renderFonts();
  for (const [id, business] of Object.entries(businesses)) {
    const shot = join(workDir, `${id}.jpg`);
    await drawProductShot(business, shot, fonts.bold);
    const script = await templateCopywriter.write({ style: business.style, durationSeconds, facts: business.facts });
    const rendered = await renderAd(renderSpecFor(script, [shot]), { workDir: join(workDir, id) });
    const bytes = await shrinkForWeb(rendered.videoPath, rendered.posterPath, id);
    await writeFile(join(outDir, `${id}.vtt`), musicCaptions(durationSeconds));
    console.log(`${id}: ${business.style}, ${durationSeconds} s, ${(bytes / 1024).toFixed(0)} KB`);
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
