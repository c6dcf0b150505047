// The pack's text files from a real order's parts: a demo shop read by the real site reader, the
// template storyboard, festival's voice and the renderer. The caption file follows the words the
// render heard (RenderedAd.spokenWords), in a syntax a strict reader accepts, inside the ad; the
// copy fits every limit. Render time is the bench's, not asserted here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOnVoice, renderStoryboard, speakScenes } from '#generation/compose/render-storyboard.ts';
import { adCopyFiles, type PackTextFile } from '#generation/pack/copy-files.ts';
import { copyFields } from '#generation/pack/copy-limits.ts';
import { templateStoryboardWriter } from '#generation/storyboard/template-writer.ts';
import { localVoice } from '#generation/voice/local-voice.ts';
import type { SpokenWord } from '#generation/voice/voice.ts';
import type { WebsiteAnalysis } from '#generation/website/analyze-website.ts';
import { setTestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { demoShopHosts, serveDemoShops } from '#local/demo-shops/serve.ts';
import { readDemoShop } from '#tests/unit/support/read-demo-shop.ts';
import { type ParsedCue, parseSrt, parseVtt } from '../../../../unit/support/caption-files.ts';

let workRoot: string;
const sites = new Map<string, WebsiteAnalysis>();

beforeAll(async () => {
  workRoot = await mkdtemp(join(tmpdir(), 'pack-copy-'));
  const shops = await serveDemoShops();
  setTestSiteHosts(demoShopHosts);
  try {
    for (const slug of ['ember-oak-coffee', 'picky-paws'] as const)
      sites.set(slug, await readDemoShop(shops.url(slug)));
  } finally {
    setTestSiteHosts(null);
    await shops.close();
  }
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

const fileNamed = (files: PackTextFile[], name: PackTextFile['name']) => files.find((file) => file.name === name)!;

/** The cues hold the heard words in order, each cue from its first word's start, in order, inside the ad. */
function expectCuesFollowTheVoice(cues: ParsedCue[], words: readonly SpokenWord[], durationSeconds: number): void {
  const heard = words.filter((word) => word.startSeconds < durationSeconds);
  expect(cues.flatMap((cue) => cue.lines.join(' ').split(' '))).toEqual(heard.map((word) => word.word));
  let index = 0;
  let previousEnd = 0;
  for (const cue of cues) {
    expect(cue.startSeconds).toBeCloseTo(heard[index]!.startSeconds, 2);
    expect(cue.startSeconds).toBeGreaterThanOrEqual(previousEnd);
    expect(cue.endSeconds).toBeGreaterThan(cue.startSeconds);
    expect(cue.endSeconds).toBeLessThanOrEqual(durationSeconds);
    expect(cue.lines.length).toBeLessThanOrEqual(2);
    for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    index += cue.lines.join(' ').split(' ').length;
    previousEnd = cue.endSeconds;
  }
}

describe('the pack’s copy and captions', { timeout: 300_000 }, () => {
  it('captions a rendered ad with the words its voice was heard saying, at the times they were heard', async () => {
    // Prepare
    const site = sites.get('ember-oak-coffee')!;
    const storyboard = await templateStoryboardWriter.write({
      site,
      order: { style: 'direct-response', durationSeconds: 4 },
    });
    const workDir = await mkdtemp(join(workRoot, 'render-'));

    // Act
    const ad = await renderStoryboard(storyboard, { images: {}, voice: localVoice(), workDir });
    const files = adCopyFiles({ storyboard: ad.storyboard, site, spokenWords: ad.spokenWords });

    // Assess
    expect(files.map((file) => [file.name, file.contentType])).toEqual([
      ['copy.txt', 'text/plain; charset=utf-8'],
      ['captions.srt', 'application/x-subrip; charset=utf-8'],
      ['captions.vtt', 'text/vtt; charset=utf-8'],
    ]);
    expect(ad.spokenWords.length).toBeGreaterThan(3);
    const srt = parseSrt(fileNamed(files, 'captions.srt').body);
    const vtt = parseVtt(fileNamed(files, 'captions.vtt').body);
    expectCuesFollowTheVoice(srt, ad.spokenWords, ad.storyboard.durationSeconds);
    expect(vtt).toEqual(srt);
    expect(srt.at(-1)!.endSeconds).toBeLessThanOrEqual(ad.durationSeconds + 0.001);
  });

  it('captions a 12 s UGC voice placed as the renderer places it, and writes copy within every limit', async () => {
    // Prepare
    const site = sites.get('picky-paws')!;
    const written = await templateStoryboardWriter.write({ site, order: { style: 'ugc', durationSeconds: 12 } });
    const workDir = await mkdtemp(join(workRoot, 'voice-'));
    const { storyboard, placed } = placeOnVoice(written, await speakScenes(written, localVoice(), workDir));
    const spokenWords = placed.lines.flatMap((line) => line.words);

    // Act
    const files = adCopyFiles({ storyboard, site, spokenWords });

    // Assess
    expectCuesFollowTheVoice(parseSrt(fileNamed(files, 'captions.srt').body), spokenWords, 12);
    const copy = fileNamed(files, 'copy.txt').body.split('\n');
    const texts = copy.filter((_, index) => copy[index - 1]?.endsWith('):'));
    expect(texts).toHaveLength(Object.keys(copyFields).length);
    const limits = Object.values(copyFields).map((field) => field.maxChars);
    expect(texts.map((text, index) => [...text].length <= limits[index]!)).not.toContain(false);
    expect(texts[0]).not.toContain('pickypaws.test');
  });
});
