// GET/POST /_local/pay/<session id>: the hosted Checkout page the buyer is sent to. A test card
// pays (or is declined), a free session completes without one; success redirects to success_url
// once the webhook has had its first delivery attempt, so the app knows when the buyer lands.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { payPagePrefix, type StripeContext } from './context.ts';
import { decodeForm, readBody } from './form-encoding.ts';
import { contentSecurityPolicy, noticePage, type PayView, payPage } from './pay-page-html.ts';
import { chargeSession } from './payments.ts';
import { appliedDiscountOf, isRedeemable } from './promotion-codes.ts';
import { completeSession, expireIfDue, successUrlOf } from './sessions.ts';
import { cardOutcome } from './test-cards.ts';

const formLimitBytes = 16 * 1024;

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
    })
    .end(html);
}

function sessionIdOf(pathname: string): string | null {
  const rest = pathname.slice(payPagePrefix.length);
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

function closedPage(context: StripeContext, session: Stripe.Checkout.Session): string {
  const home = `${context.publicBaseUrl}/`;
  if (session.status === 'complete') {
    return noticePage({
      title: 'Payment complete',
      message: 'This checkout session is already complete.',
      link: { href: successUrlOf(session) ?? home, text: 'Continue' },
    });
  }
  return noticePage({
    title: 'Checkout expired',
    message: 'This checkout session has expired.',
    link: { href: session.cancel_url ?? home, text: 'Go back' },
  });
}

/**
 * Takes the buyer's payment: the delivery to await once paid, or the page to show again with the
 * reason. That page is a 200, like a form re-rendered with errors, so the browser logs no failure.
 */
function pay(context: StripeContext, view: PayView, form: Record<string, unknown>): Promise<void> | string {
  const { session } = view;
  if (view.applied && !isRedeemable(context, view.applied)) {
    return payPage({ ...view, error: 'This promotion code can no longer be redeemed.' });
  }
  if ((session.amount_total ?? 0) === 0) return completeSession(context, session, null);
  const cardNumber = typeof form.card_number === 'string' ? form.card_number : '';
  const outcome = cardOutcome(cardNumber);
  if (outcome === 'declined') return payPage({ ...view, cardNumber, error: 'Your card was declined.' });
  if (outcome === 'invalid') return payPage({ ...view, cardNumber, error: 'Your card number is invalid.' });
  return completeSession(context, session, chargeSession(context, session));
}

/** Serves the pay page; false when the request is not for it. */
export async function handlePayPage(
  context: StripeContext,
  brand: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const { pathname } = new URL(req.url ?? '/', 'http://pay.local');
  if (!pathname.startsWith(payPagePrefix)) return false;
  const method = req.method ?? 'GET';
  if (!['GET', 'HEAD', 'POST'].includes(method)) {
    res.writeHead(405, { allow: 'GET, HEAD, POST' }).end();
    return true;
  }
  const id = sessionIdOf(pathname);
  const stored = id === null ? undefined : context.state.sessions[id];
  if (!stored) {
    const message = 'This checkout session does not exist.';
    sendHtml(res, 404, noticePage({ title: 'Checkout not found', message, link: null }));
    return true;
  }
  const body = method === 'POST' ? await readBody(req, formLimitBytes) : null;
  const { session } = stored;
  // The buyer must never pay a session whose time is up, even if the expiry timer has not run yet.
  const expiring = expireIfDue(context, session);
  if (expiring) await expiring;
  // From this check to completeSession nothing awaits, so two submits cannot both pay.
  if (session.status !== 'open') {
    sendHtml(res, 200, closedPage(context, session));
    return true;
  }

  const view: PayView = { brand, session, lineItems: stored.line_items, applied: appliedDiscountOf(context, session) };
  if (method !== 'POST') {
    sendHtml(res, 200, payPage(view));
    return true;
  }
  const result = pay(context, view, body ? decodeForm(body) : {});
  if (typeof result === 'string') {
    sendHtml(res, 200, result);
    return true;
  }
  await result;
  const successUrl = successUrlOf(session);
  if (successUrl) res.writeHead(303, { location: successUrl, 'cache-control': 'no-store' }).end();
  else sendHtml(res, 200, closedPage(context, session));
  return true;
}
