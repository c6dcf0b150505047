// Order reads as GET /api/orders/{id} answers them, for the site's order-page tests.
import type { OrderView } from '#shared/contract.ts';

export const processingOrder: OrderView = {
  id: '3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f',
  website: 'https://shop.example/',
  // Masked by the API (docs/spec-deviations.md): the page shows the address as the API gives it.
  email: 'b•••@example.com',
  style: 'cinematic',
  duration_seconds: 12,
  order_status: 'processing',
  payment_status: 'paid',
  stage: 'rendering',
  progress: 62,
  amount_cents: 500,
  currency: 'usd',
  created_at: '2026-01-15T10:00:00.000Z',
  updated_at: '2026-01-15T10:04:00.000Z',
};

/** The same order once its ad is made, with links signed to expire at `expiresAt`. */
export function completedOrder(base: OrderView, expiresAt: string): OrderView {
  return {
    ...base,
    order_status: 'completed',
    stage: 'done',
    progress: 100,
    video_url: 'https://videos.example/ad.mp4?sig=1',
    poster_url: 'https://videos.example/poster.jpg?sig=1',
    download_url: 'https://videos.example/ad.mp4?sig=1&download',
    expires_at: expiresAt,
  };
}
