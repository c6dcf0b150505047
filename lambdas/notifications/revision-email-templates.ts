// The words of the free revision's emails (shared/revision.ts): the offer in the ready email, and
// the revision's outcome, ready or failed. Pure, like order-email-templates.ts, whose layout they share.
import type { OrderRecord } from '#orders/order-record.ts';
import { config } from '#shared/config.ts';
import { revisionKeeps, revisionLimits, revisionRequestLabels } from '#shared/revision.ts';
import { type Block, layout, orderFacts, type RenderedEmail } from './email-layout.ts';

export type RevisionEmailFields = 'revision_requests' | 'revision_beyond' | 'revision_not_done' | 'revision_writer';

/** The order as the revision's emails read it. */
type RevisionEmailOrder = Pick<OrderRecord, RevisionEmailFields | 'id' | 'website' | 'style' | 'duration_seconds'>;

const brand = config.brand.name;

/** Where the order page's revision form is. */
export const revisionFormUrl = (pageUrl: string) => `${pageUrl}#revision`;

/** The ready email's offer: one free revision, within the window, from the order page. */
export function revisionOffer(pageUrl: string): Block[] {
  return [
    {
      kind: 'paragraph',
      text: `Want something changed? Your order includes one free revision within ${revisionLimits.windowDays} days: say the price, use another photo, open with another hook, or make it faster or calmer. It keeps ${revisionKeeps.join(', ')}.`,
    },
    { kind: 'button', label: 'Ask for your free revision', href: revisionFormUrl(pageUrl) },
  ];
}

/** What version 2 did and did not do, as the writer reported it. */
function outcomeBlocks(order: Pick<OrderRecord, RevisionEmailFields>): Block[] {
  const done = (order.revision_requests ?? []).map((kind) => revisionRequestLabels[kind]);
  const notDone = [...(order.revision_not_done ?? [])];
  // The template writer cannot do what it did not recognise; Bedrock took the note's free text.
  if (order.revision_writer !== 'bedrock') {
    notDone.push(...(order.revision_beyond ?? []).map((part) => `“${part}”: beyond what our writer can do`));
  }
  return [
    ...(done.length ? [{ kind: 'facts', rows: [['You asked us to', done.join('; ')]] } as Block] : []),
    ...(notDone.length
      ? [{ kind: 'paragraph', text: `What we could not change: ${notDone.join('; ')}.` } as Block]
      : []),
  ];
}

export function revisionReadyEmail(order: RevisionEmailOrder, pageUrl: string): RenderedEmail {
  return {
    subject: `Your revised ${brand} ad is ready`,
    ...layout(
      'Version 2 of your ad is ready!',
      [
        {
          kind: 'paragraph',
          text: `The revision of your ad for ${order.website} is ready to watch and download, beside version 1, which stays yours too.`,
        },
        ...outcomeBlocks(order),
        { kind: 'button', label: 'Watch and download version 2', href: pageUrl },
        orderFacts(order),
        {
          kind: 'paragraph',
          text: 'Watch it with the sound on before you run it. Version 2 is a 720x1280 file; your delivery pack stays as it was made for version 1.',
        },
      ],
      order.id,
    ),
  };
}

export function revisionFailedEmail(order: RevisionEmailOrder, pageUrl: string): RenderedEmail {
  return {
    subject: `We could not make your ${brand} revision`,
    ...layout(
      'We could not make your revision',
      [
        {
          kind: 'paragraph',
          text: `We could not make version 2 of your ad for ${order.website}. Version 1 is still yours to download and use, unchanged; the revision was free, so there is nothing to refund.`,
        },
        ...outcomeBlocks(order),
        { kind: 'button', label: 'See your order', href: pageUrl },
        orderFacts(order),
        { kind: 'paragraph', text: `If you would like us to try again, write to ${config.supportEmail}.` },
      ],
      order.id,
    ),
  };
}
