// Issue 17: one measured delivery time, said in words, and the order page's live estimate from it.
import { describe, expect, it } from 'vitest';
import { config } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { remainingTimeWords } from '#web/features/order-status/delivery-estimate.ts';

describe('the typical delivery time in words', () => {
  it('says about a minute up to 89 s and whole minutes above', () => {
    expect(typicalDeliveryWords(20)).toBe('about a minute');
    expect(typicalDeliveryWords(60)).toBe('about a minute');
    expect(typicalDeliveryWords(180)).toBe('about 3 minutes');
  });

  it('reads the configured value by default', () => {
    expect(typicalDeliveryWords()).toBe(typicalDeliveryWords(config.delivery.typicalSeconds));
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
