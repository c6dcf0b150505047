// One measured delivery time (docs/spec-deviations.md), said in words, and the order page's live estimate from it.
import { describe, expect, it } from 'vitest';
import { config, generationConfig } from '#shared/config.ts';
import { deliverySeconds, typicalDeliveryWords } from '#shared/delivery-time.ts';
import { remainingTimeWords } from '#web/features/order-status/delivery-estimate.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

describe('the typical delivery time in words', () => {
  it('says about a minute up to 89 s and whole minutes above', () => {
    expect(typicalDeliveryWords(20)).toBe('about a minute');
    expect(typicalDeliveryWords(60)).toBe('about a minute');
    expect(typicalDeliveryWords(180)).toBe('about 3 minutes');
  });
});

describe("a stage's delivery time", () => {
  it('is the measured engine time on a stage without footage', () => {
    expect(deliverySeconds()).toBe(config.delivery.typicalSeconds);
    expect(deliverySeconds(null)).toBe(config.delivery.typicalSeconds);
  });

  it("adds the footage model's typical clip time and one poll", () => {
    const { pollSeconds, models } = generationConfig.footage;
    for (const [model, { typicalSeconds }] of Object.entries(models)) {
      expect(deliverySeconds(model)).toBe(config.delivery.typicalSeconds + typicalSeconds + pollSeconds);
    }
    // Hailuo-02's 120 s clips make a 3-minute ad.
    expect(typicalDeliveryWords(deliverySeconds('fal-ai/minimax/hailuo-02/standard/image-to-video'))).toBe(
      'about 3 minutes',
    );
  });

  it('refuses a model the price table does not have', () => {
    expect(() => deliverySeconds('sora-2')).toThrow('Unknown footage model sora-2');
  });

  it('is what a site built for no footage model promises', () => {
    expect(siteDeliverySeconds).toBe(deliverySeconds());
    expect(remainingTimeWords(40)).toBe(remainingTimeWords(40, deliverySeconds()));
  });
});

describe('the live estimate from the stage progress', () => {
  it('scales the typical time by the progress left', () => {
    expect(remainingTimeWords(5, 60)).toBe('About 60 seconds left');
    expect(remainingTimeWords(40, 60)).toBe('About 40 seconds left');
    expect(remainingTimeWords(40, 300)).toBe('About 3 minutes left');
    expect(remainingTimeWords(90, 600)).toBe('About a minute left');
  });

  it('says almost done near the end and nothing once done', () => {
    expect(remainingTimeWords(90, 60)).toBe('Almost done');
    expect(remainingTimeWords(100, 60)).toBeNull();
  });
});
