// The spec's 3 active orders per email per 24 h (claimed atomically), and the per-IP limit.
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/contract.ts';
import { envNames } from '#shared/runtime-env.ts';
import { ordersOfEmail } from './support/orders-table.ts';
import { callApi, orderRequest, twinForSuite, uniqueEmail } from './support/twin.ts';

const twin = twinForSuite();

describe('3 active orders per email', () => {
  it('gives exactly 3 orders to 50 concurrent creates for one email', async () => {
    const email = uniqueEmail('burst');

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }))),
    );

    const created = answers.filter((answer) => answer.status === 200);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(created).toHaveLength(3);
    expect(limited).toHaveLength(47);
    for (const answer of limited) expect(answer.body).toEqual({ error: messages.rateLimit, errorCode: 'RATE_LIMIT' });
    expect(await ordersOfEmail(twin.current, email)).toHaveLength(3);
  });

  it('counts the email case-insensitively', async () => {
    const email = uniqueEmail('casing');
    for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
      expect((await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email: variant }))).status).toBe(200);
    }

    const fourth = await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email: email.toUpperCase() }));

    expect(fourth.status).toBe(429);
  });

  it('accepts a 4th order once one of the three is canceled', async () => {
    const email = uniqueEmail('freed');
    const first = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest({ email }));
    await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }));
    await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }));
    expect((await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }))).status).toBe(429);
    const [canceled] = (await ordersOfEmail(twin.current, email)).filter((order) =>
      first.body.url.endsWith(order.checkout_session_id ?? '-'),
    );

    const cancel = await callApi(twin.current, 'POST', `/api/orders/${canceled?.id}/cancel`);
    const fourth = await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }));

    expect(cancel).toEqual({ status: 200, body: { order_status: 'pending', payment_status: 'canceled' } });
    expect(fourth.status).toBe(200);
  });

  it('accepts a 4th order once a checkout session expires', async () => {
    const email = uniqueEmail('expired');
    const first = await callApi<{ url: string }>(twin.current, 'POST', '/api/orders', orderRequest({ email }));
    await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }));
    await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }));
    const sessionId = new URL(first.body.url).pathname.split('/').pop() ?? '';

    // Stripe expires the session and tells the webhook (checkout.session.expired).
    const expired = await fetch(`${twin.current.endpoints.stripe}/v1/checkout/sessions/${sessionId}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${twin.current.env.STRIPE_SECRET_KEY}` },
    });
    const fourth = await callApi(twin.current, 'POST', '/api/orders', orderRequest({ email }));

    expect(expired.status).toBe(200);
    expect(fourth.status).toBe(200);
    const orders = await ordersOfEmail(twin.current, email);
    expect(orders.map((order) => order.payment_status).sort()).toEqual(['expired', 'unpaid', 'unpaid', 'unpaid']);
  });
});

describe('per-IP limit', () => {
  it('answers 429 TOO_MANY_REQUESTS past the limit, whatever X-Forwarded-For claims', async () => {
    const previous = process.env[envNames.ipAttemptsPerHour];
    process.env[envNames.ipAttemptsPerHour] = '3';
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) {
        answers.push(
          await callApi(
            twin.current,
            'POST',
            '/api/uploads',
            { fileName: 'a.png', contentType: 'image/png', size: 10 },
            {
              'x-forwarded-for': `203.0.113.${i}`,
              'cloudfront-viewer-address': `198.51.100.${i}:443`,
            },
          ),
        );
      }

      const statuses = answers.map((answer) => answer.status);
      // Earlier tests in this file already spent attempts from 127.0.0.1 on order creation only.
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(answers[4]?.body).toEqual({ error: messages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' });
    } finally {
      if (previous === undefined) delete process.env[envNames.ipAttemptsPerHour];
      else process.env[envNames.ipAttemptsPerHour] = previous;
    }
  });
});
