// What every ReelFive email shares: blocks written once for the text and the HTML body, the card
// they sit in, the button, the order's facts and the support footer. The order emails
// (order-email-templates.ts), the revision's (revision-email-templates.ts) and the newsletter's use it.
import type { OrderRecord } from '#orders/order-record.ts';
import { config } from '#shared/config.ts';
import { styleLabels } from '#shared/contract.ts';
import { escapeHtml } from '#shared/html.ts';

const brand = config.brand.name;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** One part of an email body, written once for both the text and the HTML version. */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: [label: string, value: string][] }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'poster'; cid: string; href: string };

/** A call-to-action link styled as a button, as every ReelFive email draws it. */
export function emailButton(label: string, href: string): string {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#111827;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;
}

/** The HTML every ReelFive email shares: a centred card with the heading, the body, and a small footer (HTML). */
export function emailDocument(heading: string, bodyHtml: string, footerHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${bodyHtml}
<p style="margin:24px 0 0;color:#6b7280;font-size:14px">${footerHtml}</p>
</div>
</body>
</html>
`;
}

/** What was ordered, with the whole order id: support looks an order up by it, never by 8 characters. */
export function orderFacts(order: Pick<OrderRecord, 'id' | 'website' | 'style' | 'duration_seconds'>): Block {
  return {
    kind: 'facts',
    rows: [
      ['Order ID', order.id],
      ['Website', order.website],
      ['Style', styleLabels[order.style] ?? order.style],
      ['Length', `${order.duration_seconds} seconds`],
    ],
  };
}

/** Text and HTML from the same blocks, with the support footer every email ends with. */
export function layout(heading: string, blocks: Block[], orderId: string): { text: string; html: string } {
  const support = config.supportEmail;
  const reference = orderId;
  const text = [
    heading,
    ...blocks.map((block) => {
      if (block.kind === 'paragraph') return block.text;
      if (block.kind === 'facts') return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
      if (block.kind === 'button') return `${block.label}: ${block.href}`;
      return null;
    }),
    `Questions? Reply to this email or write to ${support} and mention order ${reference}.`,
    brand,
  ]
    .filter((part): part is string => part !== null)
    .join('\n\n');

  const body = blocks
    .map((block) => {
      if (block.kind === 'paragraph') return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
      if (block.kind === 'facts') {
        const rows = block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:4px 16px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;word-break:break-all">${escapeHtml(value)}</td></tr>`,
          )
          .join('');
        return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
      }
      if (block.kind === 'button') {
        return emailButton(block.label, block.href);
      }
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}"><img src="cid:${escapeHtml(block.cid)}" width="240" height="427" alt="The first frame of your ad" style="display:block;border:0;border-radius:12px"></a></p>`;
    })
    .join('\n');

  const html = emailDocument(
    heading,
    body,
    `Questions? Reply to this email or write to <a href="mailto:${escapeHtml(support)}">${escapeHtml(support)}</a> and mention order ${escapeHtml(reference)}.<br>${escapeHtml(brand)}`,
  );
  return { text, html };
}
