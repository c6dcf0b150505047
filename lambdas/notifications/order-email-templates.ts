// The words of the order emails (received, ready, pack ready, failed, refused; the revision's in
// revision-email-templates.ts), as plain text and HTML. Pure:
// the order and the links go in, subject + bodies come out, so every wording is unit-tested.
// No tracking pixels, no remote images: the only image is the poster, attached inline (cid:).

import { unreadableSiteError } from '#generation/step-errors.ts';
import type { OrderPackFile, OrderRecord } from '#orders/order-record.ts';
import { config } from '#shared/config.ts';
import { shortOrderId, styleLabels } from '#shared/contract.ts';
import { packFilePlacements, packItemLabel, packOpenings } from '#shared/delivery-pack.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { freeRevisionWords, openingsWords } from '#shared/pack-words.ts';
import { paths } from '#shared/paths.ts';
import { placementVerdict } from '#shared/placements.ts';
import { refusedCategoryOf } from '#shared/prohibited-content.ts';
import type { OrderEmailKind } from './email-kinds.ts';
import { type Block, layout, orderFacts, type RenderedEmail } from './email-layout.ts';
import {
  type RevisionEmailFields,
  revisionFailedEmail,
  revisionOffer,
  revisionReadyEmail,
} from './revision-email-templates.ts';

export type OrderEmailFacts = Pick<
  OrderRecord,
  | 'id'
  | 'email'
  | 'website'
  | 'style'
  | 'duration_seconds'
  | 'payment_status'
  | 'amount_cents'
  | 'currency'
  | 'coupon_code'
  | 'refused_because'
  | 'failure_reason'
  | 'created_at'
  | 'pack_files'
  | 'pack_items'
  | 'site_source'
  | RevisionEmailFields
>;

export interface EmailLinks {
  /** Origin of the site (SITE_URL); the order page is the one link every email carries. */
  siteUrl: string;
  /** The stage's typical time from payment to the ad (DELIVERY_SECONDS), said in the received email. */
  deliverySeconds: number;
  /** The poster's Content-ID when it is attached (ready email); the HTML shows it as cid:. */
  posterCid?: string;
}

/** The order page: stable, unlike a presigned URL, which dies within minutes. */
export function orderPageUrl(siteUrl: string, orderId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${paths.orderStatus(orderId)}`;
}

/** What the buyer paid: "$5.00", "$2.50" with LAUNCH50, "Free" when a coupon covered it all. */
export function chargedAmount(order: Pick<OrderEmailFacts, 'amount_cents' | 'currency'>): string {
  if (!order.amount_cents) return 'Free';
  return formatCents(order.amount_cents, order.currency);
}

function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const brand = config.brand.name;

/** The receipt: the date, the list price, the coupon and what it took off, and the charge. */
function receiptFacts(order: OrderEmailFacts): Block {
  const { amountCents: listCents } = config.price;
  const discountCents = order.amount_cents === null ? 0 : Math.max(0, listCents - order.amount_cents);
  const money = (cents: number) => formatCents(cents, order.currency);
  return {
    kind: 'facts',
    rows: [
      ['Date', receiptDate(order.created_at)],
      [
        'Item',
        `${config.brand.name} video ad, ${order.duration_seconds} s, ${styleLabels[order.style] ?? order.style}`,
      ],
      ['Price', money(listCents)],
      ...(order.coupon_code
        ? ([['Coupon', `${order.coupon_code} (-${money(discountCents)})`]] as [string, string][])
        : []),
      ['Charged', chargedAmount(order)],
    ],
  };
}

/** "28 November 2026, 00:42 UTC": one zone for every reader, the one the records are kept in. */
export function receiptDate(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${day.format(date)}, ${time.format(date)} UTC`;
}

function receivedEmail(order: OrderEmailFacts, pageUrl: string, deliverySeconds: number): RenderedEmail {
  const free = !order.amount_cents;
  return {
    subject: `Your ${brand} order is confirmed (${shortOrderId(order.id)})`,
    ...layout(
      'Thanks for your order!',
      [
        {
          kind: 'paragraph',
          text: `We've received your order${free ? '' : ' and payment'}. Here is what you ordered:`,
        },
        orderFacts(order),
        { kind: 'paragraph', text: 'Your receipt:' },
        receiptFacts(order),
        {
          kind: 'paragraph',
          text:
            'What happens next: we are making your 720x1280 vertical video ad now: writing it from your website, ' +
            `recording its voice-over, adding captions and music, and checking it before it is sent. It usually takes ${typicalDeliveryWords(deliverySeconds)}. ` +
            'We will email you as soon as it is ready, and you can watch the progress live on your order page.',
        },
        { kind: 'button', label: 'Follow your order', href: pageUrl },
        {
          kind: 'paragraph',
          text: free
            ? 'If we cannot make your ad, we will tell you right away.'
            : 'If we cannot make your ad, your payment is refunded automatically; you do not need to ask.',
        },
      ],
      order.id,
    ),
  };
}

function readyEmail(order: OrderEmailFacts, pageUrl: string, posterCid: string | undefined): RenderedEmail {
  const days = config.limits.fileRetentionDays;
  return {
    subject: `Your ${brand} ad is ready (${shortOrderId(order.id)})`,
    ...layout(
      'Your video ad is ready!',
      [
        { kind: 'paragraph', text: `Your ad for ${order.website} is ready to watch and download.` },
        ...(posterCid ? [{ kind: 'poster', cid: posterCid, href: pageUrl } as Block] : []),
        { kind: 'button', label: 'Watch and download your ad', href: pageUrl },
        { kind: 'paragraph', text: checkBeforeRunning(order) },
        orderFacts(order),
        ...(order.pack_items?.length
          ? [
              {
                kind: 'paragraph',
                text: `The rest of your delivery pack (${order.pack_items.map(packItemLabel).join('; ')}, and a zip of every file with your licence) follows on your order page within minutes; we will email you when it is ready.`,
              } as Block,
            ]
          : []),
        {
          kind: 'paragraph',
          text: `Your video stays available on your order page for ${days} days. Download it to keep it.`,
        },
        ...revisionOffer(pageUrl),
      ],
      order.id,
    ),
  };
}

/** What the script was written from, and what the buyer should check before running the ad. */
function checkBeforeRunning(order: OrderEmailFacts): string {
  if (order.site_source === 'fallback') {
    return (
      `We could not read ${order.website} when we made your ad, so its script was written from your business's name ` +
      'as your web address gives it, around the product photo you sent, and read by an AI voice. Watch it with the ' +
      'sound on before you run it, and check that the name and every word are right.'
    );
  }
  return 'Watch it with the sound on before you run it: the script was written from your website and read by an AI voice, so check that every claim, price and name is right.';
}

function packReadyEmail(order: OrderEmailFacts, pageUrl: string): RenderedEmail {
  const days = config.limits.fileRetentionDays;
  return {
    subject: `Your ${brand} delivery pack is ready`,
    ...layout(
      'Your delivery pack is ready!',
      [
        {
          kind: 'paragraph',
          text: `Every file of your ad for ${order.website} is ready to download. Each is ${order.duration_seconds} seconds long; under each, the placements that take its shape and whether it can run there:`,
        },
        ...(order.pack_files ?? []).map((file) => packFileFacts(file, order.duration_seconds)),
        { kind: 'paragraph', text: openingsWords(packOpenings(order.pack_files ?? [])) },
        {
          kind: 'paragraph',
          text: 'The zip on your order page holds them all, with the ad text to paste into TikTok, Meta and YouTube, captions (SRT and VTT), how to set each platform’s AI label, and the licence to use them.',
        },
        { kind: 'paragraph', text: freeRevisionWords },
        { kind: 'button', label: 'Download your files', href: pageUrl },
        orderFacts(order),
        {
          kind: 'paragraph',
          text: `Your files stay available on your order page for ${days} days. Download them to keep them.`,
        },
      ],
      order.id,
    ),
  };
}

/** A file of the pack, its size, and where it can run (shared/delivery-pack.ts packFilePlacements). */
function packFileFacts(file: OrderPackFile, durationSeconds: number): Block {
  return {
    kind: 'facts',
    rows: [
      [packItemLabel(file.item), megabytes(file.bytes)],
      ...packFilePlacements(file, durationSeconds).map(
        (check) => [`  ${check.name}`, placementVerdict(check)] as [string, string],
      ),
    ],
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function failedEmail(order: OrderEmailFacts, pageUrl: string, siteUrl: string): RenderedEmail {
  const refund = refundParagraph(order);
  const refusedFor = refusedCategoryOf(order.failure_reason);
  if (refusedFor) {
    const terms = `${siteUrl.replace(/\/+$/, '')}${paths.terms}#terms-prohibited-content`;
    return {
      subject: `We did not make your ${brand} ad (${shortOrderId(order.id)})`,
      ...layout(
        'We did not make your ad',
        [
          {
            kind: 'paragraph',
            text: `Your order for ${order.website} was refused because the site's content falls under "${refusedFor.label}", which our terms do not allow. We check every site before we make its ad, and no ad was made.`,
          },
          ...(refund ? [{ kind: 'paragraph', text: refund } as Block] : []),
          {
            kind: 'paragraph',
            text: `What we do not make ads for: ${terms}. If you think we got this wrong, write to ${config.supportEmail}.`,
          },
          orderFacts(order),
          { kind: 'button', label: 'See your order', href: pageUrl },
        ],
        order.id,
      ),
    };
  }
  if (order.failure_reason?.startsWith(`${unreadableSiteError}:`)) {
    return {
      subject: `We did not make your ${brand} ad (${shortOrderId(order.id)})`,
      ...layout(
        'We did not make your ad',
        [
          {
            kind: 'paragraph',
            text: `We could not read your website, ${order.website}, when we came to make your ad, and your order had no product photo. An ad of your business's name alone is not worth your money, so we did not make one.`,
          },
          ...(refund ? [{ kind: 'paragraph', text: refund } as Block] : []),
          {
            kind: 'paragraph',
            text: `You are welcome to order again with a product photo, or once your website is back up. Questions: ${config.supportEmail}.`,
          },
          orderFacts(order),
          { kind: 'button', label: 'See your order', href: pageUrl },
        ],
        order.id,
      ),
    };
  }
  return {
    subject: `We could not make your ${brand} ad`,
    ...layout(
      'We could not make your ad',
      [
        {
          kind: 'paragraph',
          text: `We are sorry: something went wrong while making your video ad for ${order.website}, and we could not finish it. We check every ad before it is sent and never deliver one that fails those checks. Our team has been notified.`,
        },
        ...(refund ? [{ kind: 'paragraph', text: refund } as Block] : []),
        orderFacts(order),
        { kind: 'button', label: 'See your order', href: pageUrl },
      ],
      order.id,
    ),
  };
}

/** The money line of an order that was not made: refunded, being refunded, or nothing charged. */
function refundParagraph(order: OrderEmailFacts): string | null {
  if (order.amount_cents && order.payment_status === 'refunded') {
    return `Your payment of ${chargedAmount(order)} has been refunded. It usually shows on your statement within 5-10 business days.`;
  }
  if (order.amount_cents && order.payment_status === 'paid') {
    return `Your payment of ${chargedAmount(order)} is being refunded automatically.`;
  }
  return null;
}

/**
 * A payment that arrived and started nothing (docs/decisions/slots-at-payment.md): the address already had its active orders
 * (it raced its own other checkouts), or a 100 % code it had already had its free ad with.
 */
function refusedEmail(order: OrderEmailFacts, pageUrl: string): RenderedEmail {
  const { activeOrdersPerEmail, activeOrderWindowHours } = config.limits;
  const why =
    order.refused_because === 'freeCouponUsed'
      ? `We did not start this order: the coupon code '${order.coupon_code ?? ''}' gives one free ad per email address, and this address has already had its free ad with it. You were not charged. You are welcome to order again without the coupon.`
      : `We did not start this order: your email address already has ${activeOrdersPerEmail} ads being made, the most we make at once for one address within ${activeOrderWindowHours} hours. You can order again as soon as one of them is ready.`;
  const refund = refundParagraph(order);
  return {
    subject: `Your ${brand} order was not started (${shortOrderId(order.id)})`,
    ...layout(
      'We did not start this order',
      [
        { kind: 'paragraph', text: why },
        ...(refund ? [{ kind: 'paragraph', text: refund } as Block] : []),
        orderFacts(order),
        { kind: 'button', label: 'See your order', href: pageUrl },
      ],
      order.id,
    ),
  };
}

export function renderOrderEmail(kind: OrderEmailKind, order: OrderEmailFacts, links: EmailLinks): RenderedEmail {
  const pageUrl = orderPageUrl(links.siteUrl, order.id);
  if (kind === 'received') return receivedEmail(order, pageUrl, links.deliverySeconds);
  if (kind === 'ready') return readyEmail(order, pageUrl, links.posterCid);
  if (kind === 'pack_ready') return packReadyEmail(order, pageUrl);
  if (kind === 'refused') return refusedEmail(order, pageUrl);
  if (kind === 'revision_ready') return revisionReadyEmail(order, pageUrl);
  if (kind === 'revision_failed') return revisionFailedEmail(order, pageUrl);
  return failedEmail(order, pageUrl, links.siteUrl);
}
