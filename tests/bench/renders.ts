// The ad renderer alone on this machine (docs/budgets.md): Northwind's ad in every style and
// length as the template writer writes it, with the fixture photo and the twin's voice, each render
// in a process of its own (render-one.ts) whose memory, with its ffmpeg and festival children, is
// sampled from /proc. Per ad: render seconds, peak memory, loudness, true peak, speech, blank or
// frozen seconds, text over the product, minimum contrast and size; per style one contact sheet
// (the 12 s ad, else the longest that rendered) in bench/contact-sheets/ for a reviewer to look at.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AdFormatId, adFormats, primaryFormat } from '#shared/ad-formats.ts';
import { type AdDuration, type Style, styles } from '#shared/contract.ts';
import { renderFunction } from '#shared/generation-steps.ts';
import { record, recordFailure, round } from './figures.ts';
import type { RenderOutcome } from './render-one.ts';

const renderOne = fileURLToPath(new URL('./render-one.ts', import.meta.url));
const sheetsDir = 'bench/contact-sheets';
const durations: AdDuration[] = [4, 8, 12];
const sampleEveryMs = 25;
const megabyte = 1024 * 1024;

interface Memory {
  /** Highest sum of the resident sets of the render's processes seen at one sample (shared pages counted in each). */
  peakBytes: number;
  /** The same without festival, the twin's voice: in AWS the voice is Polly, a network call. */
  peakWithoutFestivalBytes: number;
  /** Highest resident set any one of them reached (its VmHWM). */
  largestProcessBytes: number;
}

interface ProcessMemory {
  name: string;
  rss: number;
  hwm: number;
}

/** `pid` and its descendants with their resident bytes; esbuild (tsx's compiler, not the render's) left out. */
async function processTree(pid: number): Promise<ProcessMemory[]> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  if (!status) return [];
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '';
  const own = name === 'esbuild' ? [] : [{ name, rss: kb('VmRSS'), hwm: kb('VmHWM') }];
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children = await Promise.all(
    tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')),
  );
  const childPids = children.join(' ').split(/\s+/).filter(Boolean).map(Number);
  const descendants = await Promise.all(childPids.map(processTree));
  return [...own, ...descendants.flat()];
}

/** Runs render-one.ts for one ad while sampling its memory; its last stdout line is the outcome. */
function measureRender(
  style: Style,
  durationSeconds: AdDuration,
  sheetPath: string,
  format: AdFormatId = primaryFormat.id,
): Promise<{ outcome: RenderOutcome; memory: Memory }> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', renderOne, style, String(durationSeconds), sheetPath, format];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const memory: Memory = { peakBytes: 0, peakWithoutFestivalBytes: 0, largestProcessBytes: 0 };
    const resident = (tree: ProcessMemory[]) => tree.reduce((sum, { rss }) => sum + rss, 0);
    let sampling = false;
    const sampler = setInterval(async () => {
      if (sampling || !child.pid) return;
      sampling = true;
      const tree = await processTree(child.pid);
      memory.peakBytes = Math.max(memory.peakBytes, resident(tree));
      const withoutFestival = resident(tree.filter(({ name }) => name !== 'festival'));
      memory.peakWithoutFestivalBytes = Math.max(memory.peakWithoutFestivalBytes, withoutFestival);
      memory.largestProcessBytes = Math.max(memory.largestProcessBytes, ...tree.map(({ hwm }) => hwm));
      sampling = false;
    }, sampleEveryMs);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      if (code !== 0) {
        reject(new Error(`render-one.ts ${style} ${durationSeconds} s exited ${code}: ${stderr.trim()}`));
        return;
      }
      resolve({ outcome: JSON.parse(stdout.trim().split('\n').at(-1)!) as RenderOutcome, memory });
    });
  });
}

interface Measured {
  outcome: RenderOutcome;
  memory: Memory;
  /** The 1-minute load average when the render started: other work on the same cores slows it. */
  loadAverage: number;
}

function recordAd(style: Style, durationSeconds: AdDuration, { outcome, memory, loadAverage }: Measured): void {
  const ad = `${durationSeconds} s ${style}`;
  if ('gateProblems' in outcome) {
    recordFailure(`render of a ${ad} ad (refused by its gates)`, new Error(outcome.gateProblems.join('; ')));
    return;
  }
  const { media, layout } = outcome.gates;
  const attempt = outcome.attempt === 'safe' ? `the safe look, after: ${outcome.refused.join('; ')}` : undefined;
  record(
    `render of a ${ad} ad with voice`,
    round(outcome.seconds.total, 2),
    's',
    durationSeconds === 12 ? { max: 15 } : undefined,
    [
      `voice ${round(outcome.seconds.voice, 2)} s`,
      `draw ${round(outcome.seconds.draw, 2)} s`,
      `encode ${round(outcome.seconds.encode, 2)} s`,
      `analyse ${round(outcome.seconds.analyse, 2)} s`,
      `load ${round(loadAverage)} on ${availableParallelism()} cores`,
      ...(attempt ? [attempt] : []),
    ].join(', '),
  );
  record(
    `peak memory of the ${ad} render (node, ffmpeg and festival together)`,
    Math.round(memory.peakBytes / megabyte),
    'MB',
    { max: 1536 },
    [
      `${Math.round(memory.peakWithoutFestivalBytes / megabyte)} MB without festival (in AWS the voice is Polly)`,
      `largest single process ${Math.round(memory.largestProcessBytes / megabyte)} MB`,
    ].join(', '),
  );
  record(`integrated loudness, ${ad}`, media.integratedLufs, 'LUFS', { min: -15, max: -13 });
  record(`true peak, ${ad}`, media.truePeakDbtp, 'dBTP', { max: -1 });
  record(
    `speech, ${ad}`,
    round(media.speechSeconds, 2),
    's',
    undefined,
    `music ${outcome.gates.duckingDb} dB under it`,
  );
  record(
    `black, blank or frozen seconds, ${ad}`,
    round(media.blackSeconds + media.blankSeconds + media.frozenSeconds, 2),
    's',
    { max: 0 },
  );
  record(`text boxes over the product (layout gate), ${ad}`, layout.overProduct, '', { max: 0 });
  record(`minimum text contrast, ${ad}`, round(layout.minContrast, 2), ':1', { min: 4.5 });
  record(`MP4 size, ${ad}`, round(outcome.bytes / megabyte, 2), 'MB');
}

export async function benchRenders(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-render-bench-'));
  await mkdir(sheetsDir, { recursive: true });
  try {
    for (const style of styles) {
      let sheetOf: AdDuration | undefined;
      for (const durationSeconds of durations) {
        const sheet = join(workDir, `${style}-${durationSeconds}.png`);
        try {
          const loadAverage = loadavg()[0] ?? 0;
          const measured = { ...(await measureRender(style, durationSeconds, sheet)), loadAverage };
          recordAd(style, durationSeconds, measured);
          if (!('gateProblems' in measured.outcome)) sheetOf = durationSeconds;
        } catch (error) {
          recordFailure(`render of a ${durationSeconds} s ${style} ad`, error);
        }
      }
      // A stale sheet would show a look the renderer no longer draws.
      const sheetFile = join(sheetsDir, `${style}.png`);
      if (sheetOf) await copyFile(join(workDir, `${style}-${sheetOf}.png`), sheetFile);
      else await rm(sheetFile, { force: true });
      console.log(
        `contact sheet, ${style}: ${sheetOf ? `${sheetFile}, the ${sheetOf} s ad` : 'none (no ad rendered)'}`,
      );
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The style whose 12 s ad each format is rendered in: the most cuts and text, the heaviest render. */
const packStyle: Style = 'direct-response';

/**
 * The delivery formats (shared/ad-formats.ts) of one 12 s ad, each rendered alone as the renders
 * group renders (render-one.ts, memory sampled from /proc): per format the render seconds, the MP4's
 * bytes and the peak memory, and a contact sheet per format in bench/contact-sheets/format-<id>.png.
 * The pack's figures (`--only=pack`) are built from these.
 */
export async function benchPackFormats(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'reelfive-pack-formats-'));
  await mkdir(sheetsDir, { recursive: true });
  try {
    for (const format of adFormats) {
      const name = `12 s ${packStyle} ad, ${format.label}`;
      const sheet = join(workDir, `${format.id}.png`);
      try {
        const loadAverage = loadavg()[0] ?? 0;
        const { outcome, memory } = await measureRender(packStyle, 12, sheet, format.id);
        if ('gateProblems' in outcome) {
          recordFailure(`render of a ${name} (refused by its gates)`, new Error(outcome.gateProblems.join('; ')));
          continue;
        }
        if (outcome.width !== format.width || outcome.height !== format.height) {
          recordFailure(`render of a ${name}`, new Error(`came out ${outcome.width}x${outcome.height}`));
          continue;
        }
        const attempt = outcome.attempt === 'safe' ? `, the safe look after: ${outcome.refused.join('; ')}` : '';
        record(
          `render of a ${name}`,
          round(outcome.seconds.total, 2),
          's',
          undefined,
          `encode ${round(outcome.seconds.encode, 2)} s, load ${round(loadAverage)} on ${availableParallelism()} cores${attempt}`,
        );
        record(`MP4 size, ${name}`, round(outcome.bytes / megabyte, 2), 'MB');
        record(
          `peak memory of the ${name} render (node, ffmpeg and festival together)`,
          Math.round(memory.peakBytes / megabyte),
          'MB',
          // Within the render function's memory, where each format renders in AWS.
          { max: renderFunction.memoryMb },
          `${Math.round(memory.peakWithoutFestivalBytes / megabyte)} MB without festival (in AWS the voice is Polly)`,
        );
        await copyFile(sheet, join(sheetsDir, `format-${format.id}.png`));
      } catch (error) {
        recordFailure(`render of a ${name}`, error);
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
