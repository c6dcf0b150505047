// The order status page, terms and 404 as the server would write them (no effects run): what a
// buyer reads and what assistive technology can find, for each state of the order.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { config } from '#shared/config.ts';
import type { OrderView } from '#shared/contract.ts';
import { completedOrder, processingOrder } from '#tests/unit/support/order-views.ts';
import { NotFoundRoute } from '#web/app/routes/not-found.tsx';
import { TermsRoute } from '#web/app/routes/terms.tsx';
import { termsSections } from '#web/features/legal/components/terms-of-service.tsx';
import { type OrderQueryData, orderQueryKey } from '#web/features/order-status/api/get-order.ts';
import { OrderStatusView } from '#web/features/order-status/components/order-status-view.tsx';
import { StatusPanel } from '#web/features/order-status/components/status-panel.tsx';

const order: OrderView = { ...processingOrder, style: 'ugc', duration_seconds: 8 };

const completed = completedOrder(order, new Date(Date.now() + 15 * 60_000).toISOString());

const inRouter = (node: ReactNode) => createElement(MemoryRouter, null, node);

function renderPage(orderId: string | null, data?: OrderQueryData): string {
  const client = new QueryClient();
  if (orderId && data) client.setQueryData(orderQueryKey(orderId), data);
  return renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, inRouter(createElement(OrderStatusView, { orderId }))),
  );
}

const renderPanel = (shown: OrderView) => renderToStaticMarkup(inRouter(createElement(StatusPanel, { order: shown })));

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the status panel', () => {
  it.each([
    ['pending', 'Payment Processing', 'Your payment is being verified...'],
    ['processing', 'Generating Your Ad', 'Our AI is creating your video ad. This usually takes about a minute.'],
    ['completed', 'Ad Ready!', 'Your video ad is ready to download.'],
    ['failed', 'Generation Failed', 'We encountered an issue. Our team has been notified.'],
  ] as const)('shows %s as its spec title and text', (status, title, body) => {
    const html = text(renderPanel({ ...order, order_status: status }));

    expect(html).toContain(title);
    expect(html).toContain(body);
  });

  it('shows an unknown status as pending', () => {
    const html = text(renderPanel({ ...order, order_status: 'archived' as OrderView['order_status'] }));

    expect(html).toContain('Payment Processing');
  });

  it('shows the live stage in words and an accessible progress bar', () => {
    const html = renderPanel(order);

    expect(text(html)).toContain('Recording the voice-over and rendering…');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="62"/);
  });

  it('shows a 9:16 player and a Download link for a completed order', () => {
    const html = renderPanel(completed);

    expect(html).toMatch(/<video[^>]*playsinline/i);
    expect(html).toMatch(/<video[^>]*controls/);
    expect(html).toContain(`src="${completed.video_url?.replace(/&/g, '&amp;')}"`);
    expect(html).toContain(`poster="${completed.poster_url}"`);
    expect(html).toMatch(/class="[^"]*aspect-9\/16/);
    expect(html).toMatch(/<a href="[^"]*download"[^>]*download=""[^>]*>.*Download<\/a>/s);
  });

  it('keeps the 9:16 box while the links are on their way', () => {
    const html = renderPanel({ ...completed, video_url: undefined, download_url: undefined });

    expect(html).toMatch(/class="[^"]*aspect-9\/16/);
    expect(text(html)).toContain('Preparing your video…');
  });

  it('says the video has expired, with the support contact', () => {
    const html = renderPanel({ ...order, order_status: 'completed', stage: 'done', video_expired: true });

    expect(text(html)).toContain('This video has expired.');
    expect(html).toContain(`mailto:${config.supportEmail}`);
    expect(html).not.toContain('<video');
  });

  it('adds the refunded amount to a failed, refunded order', () => {
    const html = text(renderPanel({ ...order, order_status: 'failed', payment_status: 'refunded', amount_cents: 250 }));

    expect(html).toContain('We encountered an issue. Our team has been notified.');
    expect(html).toContain('Your payment of $2.50 has been refunded.');
  });

  it('says nothing about a refund for a failed free order', () => {
    const html = text(renderPanel({ ...order, order_status: 'failed', payment_status: 'free', amount_cents: 0 }));

    expect(html).not.toContain('refunded');
  });
});

describe('the order status page', () => {
  it('says No order ID provided without an id', () => {
    const html = text(renderPage(null));

    expect(html).toContain('Order Not Found');
    expect(html).toContain('No order ID provided');
    expect(html).toContain('Return Home');
  });

  it("says Order Not Found / We couldn't find your order. for an unknown id", () => {
    const html = text(renderPage(order.id, { kind: 'missing', message: "We couldn't find your order." }));

    expect(html).toContain('Order Not Found');
    expect(html).toContain("We couldn't find your order.");
    expect(html).toContain('Return Home');
  });

  it('shows the banner and the summary of a found order', () => {
    const html = text(renderPage(order.id, { kind: 'found', order }));

    expect(html).toContain('Payment Successful');
    expect(html).toContain('3f2b8c1e...');
    expect(html).toContain('https://shop.example/');
    expect(html).toContain('b•••@example.com');
    expect(html).toContain('User Generated Content (UGC)');
    expect(html).toContain('8 seconds');
    expect(html).toContain('$5.00 USD');
    expect(html).toContain(config.supportEmail);
  });

  it('waits for the payment made in the other tab, and says Payment Successful only once paid', () => {
    const unpaid: OrderView = {
      ...order,
      order_status: 'pending',
      payment_status: 'unpaid',
      stage: 'awaiting_payment',
    };
    const html = text(renderPage(order.id, { kind: 'found', order: unpaid }));

    expect(html).toContain('Finish paying in the other tab');
    expect(html).not.toContain('Payment Successful');
    expect(html).not.toContain('Payment Processing');
  });

  it('says a canceled or expired checkout charged nothing, and offers a new order', () => {
    const canceled = text(renderPage(order.id, { kind: 'found', order: { ...order, payment_status: 'canceled' } }));
    const expired = text(renderPage(order.id, { kind: 'found', order: { ...order, payment_status: 'expired' } }));

    expect(canceled).toContain('Checkout cancelled');
    expect(canceled).toContain('you were not charged');
    expect(canceled).toContain('Start a new order');
    expect(canceled).not.toContain('Payment Successful');
    expect(expired).toContain('Checkout expired');
  });

  it('gives support the whole order id with a copy button, and an Order another ad action', () => {
    const html = renderPage(order.id, { kind: 'found', order });

    expect(text(html)).toContain(order.id);
    expect(html).toMatch(/<button[^>]*aria-label="Copy order ID"/);
    expect(html).toMatch(/<a[^>]*href="\/#pricing"[^>]*>Order another ad<\/a>/);
  });

  it('shows the amount charged with a coupon, and $0.00 for a free order', () => {
    expect(text(renderPage(order.id, { kind: 'found', order: { ...order, amount_cents: 250 } }))).toContain(
      '$2.50 USD',
    );
    expect(
      text(renderPage(order.id, { kind: 'found', order: { ...order, amount_cents: 0, payment_status: 'free' } })),
    ).toContain('$0.00 USD');
  });
});

describe('the terms page', () => {
  const html = text(renderToStaticMarkup(inRouter(createElement(TermsRoute))));

  it('has the fourteen sections of the spec', () => {
    expect(termsSections).toHaveLength(14);
    for (const section of termsSections) expect(html).toContain(section.title);
  });

  it('refunds a failed ad automatically; a delivered ad is not refunded but has its one free revision', () => {
    expect(html).toMatch(/If we cannot make your ad, we refund your payment in full, automatically/);
    expect(html).toMatch(
      /Once an ad has been delivered, it is not refunded; if it is not what you wanted, ask for its free/,
    );
    expect(html).toMatch(/One free revision within 7 days of delivery/);
  });

  it('caps liability at $5 and names the company, its address and the governing law', () => {
    expect(html).toContain('no more than $5.00 USD');
    expect(html).toContain(config.company.name);
    expect(html).toContain(config.company.address);
    expect(html).toContain(config.company.governingLaw);
  });

  it('links back home', () => {
    expect(html).toContain('Back to Home');
  });
});

describe('the not-found page', () => {
  it('says Oops! Page not found with a link home', () => {
    const html = text(renderToStaticMarkup(inRouter(createElement(NotFoundRoute))));

    expect(html).toContain('404');
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('Return to Home');
  });
});
