import { describe, expect, it } from 'vitest';
import { blogTitle } from '#web/app/layout/blog-links.ts';
import { readCapacityAnswer, spotsText } from '#web/features/landing/api/get-capacity.ts';
import {
  afterCardClick,
  afterCardStopped,
  type PlayingExample,
  playbackPlan,
} from '#web/features/landing/example-playback.ts';

describe('one example video at a time', () => {
  it('plays the clicked card when none is playing', () => {
    expect(afterCardClick(null, 1)).toBe(1);
  });

  it('pauses the playing card when it is clicked again', () => {
    expect(afterCardClick(1, 1)).toBeNull();
  });

  it('switches to another card, so the previous one stops', () => {
    const playing = afterCardClick(afterCardClick(null, 0), 2);

    expect(playing).toBe(2);
    expect(playbackPlan(3, playing)).toEqual(['pause', 'pause', 'play']);
  });

  it('never plans more than one video playing, whatever the clicks', () => {
    let playing: PlayingExample = null;
    for (const click of [0, 1, 1, 2, 0, 0, 2, 1]) {
      playing = afterCardClick(playing, click);
      expect(playbackPlan(3, playing).filter((action) => action === 'play').length).toBeLessThanOrEqual(1);
    }
  });

  it('forgets a card that ended or was paused, and ignores the others stopping', () => {
    expect(afterCardStopped(2, 2)).toBeNull();
    expect(afterCardStopped(2, 0)).toBe(2);
    expect(playbackPlan(3, null)).toEqual(['pause', 'pause', 'pause']);
  });
});

describe('spots available today', () => {
  it('says the real number when the capacity endpoint answers', () => {
    const capacity = readCapacityAnswer({ status: 200, ok: true, body: { spotsLeft: 37, dailyCapacity: 50 } });

    expect(spotsText(capacity)).toBe('37 spots available today');
    expect(spotsText({ spotsLeft: 1, dailyCapacity: 50 })).toBe('1 spot available today');
  });

  it("falls back to the spec's '12 spots available today' when the answer is unusable", () => {
    expect(spotsText(readCapacityAnswer({ status: 500, ok: false, body: { error: 'boom' } }))).toBe(
      '12 spots available today',
    );
    expect(spotsText(readCapacityAnswer({ status: 200, ok: true, body: '<!doctype html>' }))).toBe(
      '12 spots available today',
    );
    expect(spotsText(readCapacityAnswer({ status: 200, ok: true, body: { spotsLeft: -1, dailyCapacity: 50 } }))).toBe(
      '12 spots available today',
    );
    expect(spotsText(null)).toBe('12 spots available today');
  });
});

describe('blog link titles', () => {
  it('reads a slug as a title with the product and platform names spelled right', () => {
    expect(blogTitle('ugc-vs-traditional-advertising-cost-comparison')).toBe(
      'UGC vs Traditional Advertising Cost Comparison',
    );
    expect(blogTitle('sora-2-vs-reelfive-comparison')).toBe('Sora 2 vs ReelFive Comparison');
    expect(blogTitle('tiktok-ad-maker')).toBe('TikTok Ad Maker');
    expect(blogTitle('how-to-create-ai-video-ads-that-convert')).toBe('How to Create AI Video Ads that Convert');
  });
});
