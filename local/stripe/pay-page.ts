// The hosted pay page that stands in for checkout.stripe.com: GET shows it, POST pays. A test card
// pays (or is declined), a session with nothing to pay completes without one. Success redirects to
// success_url once the webhook has had its first delivery attempt, so the app knows of the payment
// when the buyer lands. Server-rendered HTML: no scripts, no external resources; real labels, one
// <main> and <h1>, and errors in a role="alert" region so screen readers announce them.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { readText } from '#local/support/http.ts';
import { escapeHtml } from '#shared/html.ts';
import { completeSession, expireIfDue, payPagePrefix } from './checkout.ts';
import { decodeForm } from './params.ts';
import { formatAmount } from './payments.ts';
import { percentOffOf, promotionCodeOf } from './promotion-codes.ts';
import { byId, type LineItem, type StripeContext } from './state.ts';

const css = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a2e;background:#f4f4f8}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.5rem;margin:0 0 1rem} h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
table{width:100%;border-collapse:collapse} th{text-align:left;font-weight:normal;padding:.35rem 0}
td{text-align:right;padding:.35rem 0;white-space:nowrap} tr.total th,tr.total td{font-weight:700;border-top:1px solid #ccd}
label{display:block;font-weight:600;margin:.75rem 0 .25rem} .row{display:flex;gap:1rem} .row>div{flex:1}
input{width:100%;padding:.6rem;font:inherit;border:1px solid #667;border-radius:.4rem}
input:focus,button:focus,a:focus{outline:3px solid #4b3fd6;outline-offset:2px}
.hint{font-size:.875rem;color:#4a4a5e;margin:.25rem 0 0}
.alert{padding:.75rem;border-radius:.4rem;background:#fdecec;color:#8a1111;border:1px solid #e3a0a0}
button{width:100%;margin-top:1.25rem;padding:.8rem;font:inherit;font-weight:700;color:#fff;background:#3d32c4;border:0;border-radius:.4rem;cursor:pointer}
a{color:#3d32c4} .cancel{margin-top:1rem;text-align:center}
`;

/** The page's Content-Security-Policy: nothing may load, and only this exact stylesheet applies. */
const contentSecurityPolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`;

function document(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${css}</style>
</head>
<body><main>
${main}
</main></body>
</html>`;
}

interface PayView {
  brand: string;
  session: Stripe.Checkout.Session;
  lineItems: LineItem[];
  promotionCode: Stripe.PromotionCode | null;
  /** Shown in the alert region after a failed attempt. */
  error?: string;
  cardNumber?: string;
}

function summary(view: PayView, currency: string, total: number): string {
  const items = view.lineItems
    .map((item) => {
      const name = item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name;
      return `<tr><th scope="row">${escapeHtml(name)}</th><td>${formatAmount(item.unit_amount * item.quantity, currency)}</td></tr>`;
    })
    .join('\n');
  const discount = view.session.total_details?.amount_discount ?? 0;
  const code = view.promotionCode;
  const discountRow =
    code && discount > 0
      ? `<tr><th scope="row">Discount (${escapeHtml(code.code)}, ${percentOffOf(code)}% off)</th><td>−${formatAmount(discount, currency)}</td></tr>`
      : '';
  const email = view.session.customer_email
    ? `<p>Receipt to <strong>${escapeHtml(view.session.customer_email)}</strong></p>`
    : '';
  return `<h2 id="summary">Order summary</h2>
<table aria-labelledby="summary">
${items}
${discountRow}
<tr class="total"><th scope="row">Total due</th><td>${formatAmount(total, currency)}</td></tr>
</table>
${email}`;
}

function cardFields(view: PayView): string {
  const invalid = view.error ? ' aria-invalid="true" autofocus' : '';
  const describedBy = view.error ? 'payment-error card-hint' : 'card-hint';
  return `<label for="card-number">Card number</label>
<input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" required aria-describedby="${describedBy}" value="${escapeHtml(view.cardNumber ?? '')}"${invalid}>
<p id="card-hint" class="hint">Test mode: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
<div class="row">
<div><label for="card-expiry">Expiry (MM / YY)</label><input id="card-expiry" name="card_expiry" type="text" inputmode="numeric" autocomplete="cc-exp"></div>
<div><label for="card-cvc">CVC</label><input id="card-cvc" name="card_cvc" type="text" inputmode="numeric" autocomplete="cc-csc"></div>
</div>`;
}

function payPage(view: PayView): string {
  const { session } = view;
  const currency = session.currency ?? 'usd';
  const total = session.amount_total ?? 0;
  const alert = view.error ? `<p id="payment-error" class="alert" role="alert">${escapeHtml(view.error)}</p>` : '';
  const payment =
    total > 0
      ? `${cardFields(view)}
<button type="submit">Pay ${formatAmount(total, currency)}</button>`
      : `<p>Your promotion code covers the full price: no card is needed.</p>
<button type="submit">Complete order</button>`;
  const cancel = session.cancel_url
    ? `<p class="cancel"><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`
    : '';
  return document(
    `Pay ${view.brand}`,
    `<h1>Pay ${escapeHtml(view.brand)}</h1>
${summary(view, currency, total)}
<form method="post" action="${payPagePrefix}${session.id}">
<h2>Payment</h2>
${alert}
${payment}
</form>
${cancel}`,
  );
}

/** A page with a message and maybe a way back, for sessions that do not exist or can no longer be paid. */
function noticePage(title: string, message: string, link?: { href: string; text: string }): string {
  const back = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return document(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${back}`);
}

/** The page for a completed session (on to `successUrl`) or an expired one (back to cancel_url). */
function closedPage(session: Stripe.Checkout.Session, successUrl: string | null, home: string): string {
  if (session.status === 'complete') {
    const link = { href: successUrl ?? home, text: 'Continue' };
    return noticePage('Payment complete', 'This checkout session is already complete.', link);
  }
  const link = { href: session.cancel_url ?? home, text: 'Go back' };
  return noticePage('Checkout expired', 'This checkout session has expired.', link);
}

function sendPage(res: ServerResponse, status: number, html: string): void {
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

/** Stripe's test cards that the page understands; spaces and dashes are ignored, as buyers type them. */
function cardOutcome(cardNumber: string): 'succeeded' | 'declined' | 'invalid' {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === '4242424242424242') return 'succeeded';
  return digits === '4000000000000002' ? 'declined' : 'invalid';
}

/** success_url with `{CHECKOUT_SESSION_ID}` filled in, as Stripe redirects to it. */
function successUrlOf(session: Stripe.Checkout.Session): string | null {
  return session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
}

/**
 * Takes the buyer's payment: the delivery to await once paid, or the page to show again with the
 * reason. That page is a 200, like a form re-rendered with errors, so the browser logs no failure.
 */
function pay(context: StripeContext, view: PayView, cardNumber: string): Promise<void> | string {
  if (view.promotionCode && !view.promotionCode.active) {
    return payPage({ ...view, error: 'This promotion code can no longer be redeemed.' });
  }
  const outcome = view.session.amount_total ? cardOutcome(cardNumber) : 'succeeded';
  if (outcome === 'declined') return payPage({ ...view, cardNumber, error: 'Your card was declined.' });
  if (outcome === 'invalid') return payPage({ ...view, cardNumber, error: 'Your card number is invalid.' });
  return completeSession(context, view.session);
}

/** Serves GET/POST /_local/pay/<session id>; false when the request is not for the pay page. */
export async function handlePayPage(
  context: StripeContext,
  brand: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const { pathname } = new URL(req.url ?? '/', 'http://pay.local');
  if (!pathname.startsWith(payPagePrefix)) return false;
  const stored = byId(context.state.sessions, pathname.slice(payPagePrefix.length));
  if (!stored) {
    sendPage(res, 404, noticePage('Checkout not found', 'This checkout session does not exist.'));
    return true;
  }
  const form = req.method === 'POST' ? decodeForm(await readText(req)) : null;
  const { session } = stored;
  // The buyer must never pay a session whose time is up, even if the expiry timer has not run yet.
  await expireIfDue(context, session);
  // From this check to completeSession nothing awaits, so two submits cannot both pay.
  if (session.status === 'open') {
    const promotionCode = promotionCodeOf(context, session);
    const view: PayView = { brand, session, lineItems: stored.line_items, promotionCode };
    const result = form
      ? pay(context, view, typeof form.card_number === 'string' ? form.card_number : '')
      : payPage(view);
    if (typeof result === 'string') {
      sendPage(res, 200, result);
      return true;
    }
    await result;
    const successUrl = successUrlOf(session);
    if (successUrl) {
      res.writeHead(303, { location: successUrl, 'cache-control': 'no-store' }).end();
      return true;
    }
  }
  sendPage(res, 200, closedPage(session, successUrlOf(session), `${context.publicBaseUrl}/`));
  return true;
}
