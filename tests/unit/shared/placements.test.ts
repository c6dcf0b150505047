// Where each file of the pack can run (shared/placements.ts): a 4 s ad fails TikTok in-feed and
// YouTube Shorts ads (5 s minimum), each file is checked against the placements that take its
// shape, with the reason for every fail, and a file below the recommended size still runs.
import { describe, expect, it } from 'vitest';
import { adFormat, adFormats } from '#shared/ad-formats.ts';
import {
  placementChecks,
  placementDetails,
  placements,
  placementsByLength,
  placementsFor,
} from '#shared/placements.ts';

const verdicts = (checks: ReturnType<typeof placementChecks>) =>
  Object.fromEntries(checks.map((check) => [check.placement, check.pass ? 'pass' : check.reasons.join('; ')]));

describe('placement checks', () => {
  it('fails a 4 s vertical ad on TikTok in-feed and YouTube Shorts ads, which need 5 s, and passes Reels and Stories', () => {
    // Act
    const checks = placementsFor(adFormat('vertical'), 4);

    // Assess
    expect(verdicts(checks)).toEqual({
      'tiktok-in-feed': 'needs at least 5 s',
      'meta-reels': 'pass',
      'meta-stories': 'pass',
      'youtube-shorts': 'needs at least 5 s',
    });
  });

  it('passes an 8 s vertical ad everywhere that takes 9:16, and says why in-stream does not take it', () => {
    // Act
    const all = placementChecks(adFormat('vertical'), 8);
    const forFile = placementsFor(adFormat('vertical'), 8);

    // Assess
    expect(forFile.every((check) => check.pass)).toBe(true);
    expect(forFile.map((check) => check.placement)).toEqual([
      'tiktok-in-feed',
      'meta-reels',
      'meta-stories',
      'youtube-shorts',
    ]);
    expect(verdicts(all)['youtube-in-stream']).toBe('does not take 9:16 video; needs at least 10 s');
    expect(verdicts(all)['meta-feed']).toBe('does not take 9:16 video');
  });

  it('runs the 720x1280 file but marks it below the 1080x1920 the platforms recommend', () => {
    // Act
    const small = placementsFor(adFormat('vertical-720'), 12);
    const full = placementsFor(adFormat('vertical'), 12);

    // Assess
    expect(small.map((check) => [check.placement, check.pass, check.belowRecommended])).toEqual([
      ['tiktok-in-feed', true, true],
      ['meta-reels', true, true],
      ['meta-stories', true, true],
      ['youtube-shorts', true, true],
    ]);
    expect(full.some((check) => check.belowRecommended)).toBe(false);
  });

  it('checks a landscape 12 s file against in-stream, Feed and TikTok, the placements that take 16:9', () => {
    expect(verdicts(placementsFor(adFormat('landscape'), 12))).toEqual({
      'tiktok-in-feed': 'pass',
      'meta-feed': 'pass',
      'youtube-in-stream': 'pass',
    });
  });

  it('fails a file too small or too large, naming the limit', () => {
    // Act
    const tiny = placementsFor({ ratio: '9:16', width: 360, height: 640 }, 12);
    const huge = placementsFor(adFormat('vertical'), 12, 600 * 1024 * 1024);

    // Assess
    expect(verdicts(tiny)).toMatchObject({
      'tiktok-in-feed': 'needs at least 540x960',
      'meta-reels': 'needs at least 600x1067',
      'youtube-shorts': 'pass',
    });
    expect(verdicts(huge)['tiktok-in-feed']).toBe('takes files up to 500 MB');
    expect(verdicts(huge)['meta-reels']).toBe('pass');
  });

  it('finds every delivered format a placement to run in at 12 s', () => {
    for (const format of adFormats) {
      expect(placementsFor(format, 12).filter((check) => check.pass).length, format.id).toBeGreaterThan(0);
    }
  });

  it("names only the pack's ratios, and lengths that make sense", () => {
    const ratios = new Set(adFormats.map((format) => format.ratio));
    for (const placement of placements) {
      expect(Object.keys(placementDetails[placement.id].minSizes).every((ratio) => ratios.has(ratio as never))).toBe(
        true,
      );
      expect(placement.minSeconds).toBeLessThan(placement.maxSeconds);
    }
  });
});

describe('placements by length', () => {
  it('rules out TikTok in-feed, Shorts and in-stream at 4 s, in-stream alone at 8 s, nothing at 12 s', () => {
    const out = (seconds: number) => placementsByLength(seconds).tooShort.map((placement) => placement.id);
    expect(out(4)).toEqual(['tiktok-in-feed', 'youtube-shorts', 'youtube-in-stream']);
    expect(out(8)).toEqual(['youtube-in-stream']);
    expect(out(12)).toEqual([]);
    expect(placementsByLength(4).fits.map((placement) => placement.id)).toEqual([
      'meta-reels',
      'meta-stories',
      'meta-feed',
    ]);
  });
});
