// The order page's refresh decisions: live channel vs polling, link renewal, live events.
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#shared/contract.ts';
import { completedOrder, processingOrder } from '#tests/unit/support/order-views.ts';
import {
  applyLiveEvent,
  type LiveMode,
  nextLiveStep,
  nextOrderReadMs,
  orderChannelName,
  orderPollIntervalMs,
  signalForConnectionState,
  wantsLiveUpdates,
} from '#web/features/order-status/live-updates.ts';
import { linkRefreshDelayMs, linksToShow } from '#web/features/order-status/video-links.ts';
import { retryDelayMs } from '#web/lib/query-client.ts';

const now = Date.parse('2026-01-15T10:05:00.000Z');
const minutes = (n: number) => n * 60_000;
const at = (ms: number) => new Date(ms).toISOString();

const processing = processingOrder;

const completed = completedOrder(processing, at(now + minutes(15)));

describe('the live channel mode', () => {
  it('goes live and re-reads the order once the subscription is acknowledged', () => {
    expect(nextLiveStep('connecting', 'subscribed')).toEqual({ mode: 'live', reread: true });
  });

  it('falls back to polling for good when there is no config or the socket is refused', () => {
    expect(nextLiveStep('connecting', 'unavailable')).toEqual({ mode: 'offline', reread: false });
    expect(nextLiveStep('live', 'unavailable')).toEqual({ mode: 'offline', reread: false });
    expect(nextLiveStep('offline', 'reconnected')).toEqual({ mode: 'offline', reread: false });
  });

  it('polls while the socket is down and re-reads when it is back', () => {
    const dropped = nextLiveStep('live', 'disrupted');

    expect(dropped).toEqual({ mode: 'reconnecting', reread: false });
    expect(nextLiveStep(dropped.mode, 'reconnected')).toEqual({ mode: 'live', reread: true });
  });

  it('re-reads the order on every event', () => {
    for (const mode of ['connecting', 'live', 'reconnecting', 'offline'] as LiveMode[]) {
      expect(nextLiveStep(mode, 'event').reread).toBe(true);
    }
  });

  it("reads Amplify's connection states as drops and reconnects", () => {
    expect(signalForConnectionState('ConnectionDisrupted', false)).toBe('disrupted');
    expect(signalForConnectionState('ConnectionDisruptedPendingNetwork', false)).toBe('disrupted');
    expect(signalForConnectionState('Connected', true)).toBe('reconnected');
    expect(signalForConnectionState('Connected', false)).toBeNull();
    expect(signalForConnectionState('Connecting', true)).toBeNull();
  });

  it('subscribes to the one channel of the order', () => {
    expect(orderChannelName(processing.id)).toBe(`/orders/${processing.id}`);
  });
});

describe('when the order is read again', () => {
  it('polls every 3 s while the channel is not live', () => {
    for (const mode of ['connecting', 'reconnecting', 'offline'] as LiveMode[]) {
      expect(nextOrderReadMs(processing, mode, now)).toBe(orderPollIntervalMs);
    }
    expect(orderPollIntervalMs).toBe(3000);
  });

  it('does not poll while the channel is live', () => {
    expect(nextOrderReadMs(processing, 'live', now)).toBe(false);
  });

  it('polls an unpaid order even when live: a cancel in the other tab is not on the channel', () => {
    const unpaid = {
      ...processing,
      order_status: 'pending',
      payment_status: 'unpaid',
      stage: 'awaiting_payment',
    } as const;

    expect(nextOrderReadMs(unpaid, 'live', now)).toBe(orderPollIntervalMs);
  });

  it('stops for a failed order whose refund is done, or a free one', () => {
    expect(nextOrderReadMs({ ...processing, order_status: 'failed', payment_status: 'refunded' }, 'offline', now)).toBe(
      false,
    );
    expect(nextOrderReadMs({ ...processing, order_status: 'failed', payment_status: 'free' }, 'offline', now)).toBe(
      false,
    );
  });

  it('polls a failed, paid order even when live: the channel does not carry the refund', () => {
    const failed = { ...processing, order_status: 'failed', updated_at: at(now - 2_000) } as const;

    expect(nextOrderReadMs(failed, 'live', now)).toBe(orderPollIntervalMs);
  });

  it('renews a completed order’s links a minute before they expire', () => {
    expect(nextOrderReadMs(completed, 'offline', now)).toBe(minutes(14));
  });

  it('stops for a completed order without links (expired video)', () => {
    const expired: OrderView = { ...processing, order_status: 'completed', stage: 'done', video_expired: true };

    expect(nextOrderReadMs(expired, 'offline', now)).toBe(false);
  });

  it('does not schedule reads before the first answer or after a 404', () => {
    expect(nextOrderReadMs(undefined, 'offline', now)).toBe(false);
  });

  it('holds the channel open only while a known order can change', () => {
    expect(wantsLiveUpdates(undefined, now)).toBe(false);
    expect(wantsLiveUpdates(processing, now)).toBe(true);
    expect(wantsLiveUpdates(completed, now)).toBe(false);
    expect(wantsLiveUpdates({ ...processing, payment_status: 'canceled', order_status: 'pending' }, now)).toBe(false);
  });
});

describe('video links', () => {
  it('re-reads a minute before expiry, and not in a tight loop once expired', () => {
    expect(linkRefreshDelayMs(at(now + minutes(15)), now)).toBe(minutes(14));
    expect(linkRefreshDelayMs(at(now - minutes(1)), now)).toBe(5_000);
    expect(linkRefreshDelayMs(undefined, now)).toBe(false);
  });

  it('keeps the links on screen while they have time left, so a playing video is not restarted', () => {
    const fresh = { ...completed, video_url: 'https://videos.example/ad.mp4?sig=2', expires_at: at(now + minutes(15)) };

    expect(linksToShow(completed, fresh, now + minutes(5))).toBe(completed);
  });

  it('takes the fresh links when the shown ones are about to expire', () => {
    const fresh = { ...completed, video_url: 'https://videos.example/ad.mp4?sig=2', expires_at: at(now + minutes(29)) };

    expect(linksToShow(completed, fresh, now + minutes(14))).toBe(fresh);
  });

  it('takes the first links that arrive', () => {
    expect(linksToShow({}, completed, now)).toBe(completed);
  });
});

describe('live events', () => {
  const message = (event: Record<string, unknown>) => ({ id: 'sub-1', type: 'data', event });

  it('shows the new stage and progress at once', () => {
    const event = {
      id: processing.id,
      order_status: 'processing',
      stage: 'delivering',
      progress: 95,
      updated_at: at(now),
    };

    expect(applyLiveEvent(processing, message(event))).toMatchObject({ stage: 'delivering', progress: 95 });
  });

  it('says "Ad Ready!" only with the re-read that brings the video: the event moves the bar to 100 %', () => {
    const event = { id: processing.id, order_status: 'completed', stage: 'done', progress: 100, updated_at: at(now) };

    const shown = applyLiveEvent(processing, message(event));

    expect(shown).toMatchObject({ order_status: 'processing', stage: 'done', progress: 100 });
    expect(shown.video_url).toBeUndefined();
  });

  it('ignores events of another order, older events and malformed ones', () => {
    const other = {
      id: '00000000-0000-4000-8000-000000000000',
      order_status: 'failed',
      stage: 'failed',
      progress: 0,
      updated_at: at(now),
    };
    const older = { ...other, id: processing.id, updated_at: '2026-01-15T09:00:00.000Z' };

    expect(applyLiveEvent(processing, message(other))).toBe(processing);
    expect(applyLiveEvent(processing, message(older))).toBe(processing);
    expect(applyLiveEvent(processing, { event: { id: processing.id, progress: 'lots' } })).toBe(processing);
    expect(applyLiveEvent(processing, 'not json')).toBe(processing);
  });
});

describe("data cache defaults (the spec's)", () => {
  it('doubles the retry delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});
