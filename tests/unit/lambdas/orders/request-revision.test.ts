// The free revision's request (shared/revision.ts): how a note is read into the template writer's
// requests, what it says is beyond it, and when an order may ask at all.
import { describe, expect, it } from 'vitest';
import { writeTemplateStoryboard } from '#generation/storyboard/template-writer.ts';
import { requestsNotAllowed } from '#orders/request-revision.ts';
import { whyNoRevision } from '#orders/revision-availability.ts';
import { revisionRequestSchema } from '#shared/contract.ts';
import { readRevisionNote, revisionLimits, revisionMessages, revisionRequestList } from '#shared/revision.ts';
import { catTreats, coffeeRoaster } from '#tests/unit/fixtures/ad-copy-sites.ts';

describe('reading a revision note', () => {
  it.each([
    ['Please say the price', ['price']],
    ['How much it costs should be in there', ['price']],
    ['Try another hook', ['hook']],
    ['Open with something else', ['hook']],
    ['Make it faster and punchier', ['faster']],
    ['A bit calmer please, slow it down', ['calmer']],
    ['Say the price. Also a different opening!', ['price', 'hook']],
    ['faster, and mention the price', ['price', 'faster']],
  ])('reads “%s” as %j with nothing beyond', (note, requests) => {
    expect(readRevisionNote(note, false)).toEqual({ requests, beyond: [] });
  });

  it('counts an attached photo as a request, mentioned or not', () => {
    expect(readRevisionNote('Use this photo instead', true)).toEqual({ requests: ['photo'], beyond: [] });
    expect(readRevisionNote('say the price', true)).toEqual({ requests: ['price', 'photo'], beyond: [] });
  });

  it('says a photo asked for without one attached is beyond it', () => {
    expect(readRevisionNote('Use a nicer photo', false)).toEqual({ requests: [], beyond: ['Use a nicer photo'] });
  });

  it('names the parts of a note it cannot do, as written', () => {
    expect(readRevisionNote('Say the price. Change the music to jazz, thanks', false)).toEqual({
      requests: ['price'],
      beyond: ['Change the music to jazz'],
    });
  });

  it('does neither pace when a note asks for both', () => {
    expect(readRevisionNote('faster and calmer', false)).toEqual({
      requests: [],
      beyond: ['both a faster and a calmer pace'],
    });
  });

  it('cuts a long part it cannot do to 80 characters', () => {
    const reading = readRevisionNote('x'.repeat(300), false);

    expect(reading.beyond).toEqual(['x'.repeat(80)]);
  });

  it('lists every request in a sentence', () => {
    expect(revisionRequestList()).toBe(
      'say the price, use the photo you added, open with another hook, a faster feel (livelier camera moves) or a calmer feel (gentler camera moves)',
    );
  });
});

describe('the revision request body', () => {
  it('takes a trimmed note up to the limit', () => {
    const note = 'p'.repeat(revisionLimits.noteMaxChars);

    expect(revisionRequestSchema.parse({ note: `  ${note}  ` })).toEqual({ note });
  });

  it('refuses a note over the limit and an empty one', () => {
    const tooLong = revisionRequestSchema.safeParse({ note: 'p'.repeat(revisionLimits.noteMaxChars + 1) });
    const empty = revisionRequestSchema.safeParse({ note: ' ' });

    expect(tooLong.error?.issues[0]?.message).toBe(revisionMessages.noteTooLong);
    expect(empty.error?.issues[0]?.message).toBe(revisionMessages.noteMissing);
  });
});

describe('when an order may ask for its revision', () => {
  const completedAt = '2026-11-01T12:00:00.000Z';
  const order = {
    order_status: 'completed',
    completed_at: completedAt,
    created_at: '2026-11-01T11:59:00.000Z',
  } as const;

  it('may within 7 days of completing', () => {
    expect(whyNoRevision(order, new Date('2026-11-08T11:59:59.000Z'))).toBeNull();
  });

  it('may not from the 7th day on', () => {
    expect(whyNoRevision(order, new Date('2026-11-08T12:00:00.000Z'))).toBe(revisionMessages.windowPassed);
  });

  it('may not before it completed, nor twice', () => {
    const now = new Date('2026-11-02T00:00:00.000Z');

    expect(whyNoRevision({ ...order, order_status: 'processing' }, now)).toBe(revisionMessages.notCompleted);
    expect(whyNoRevision({ ...order, revision_status: 'failed' }, now)).toBe(revisionMessages.alreadyUsed);
  });

  it('counts an order completed before completed_at was recorded from its creation', () => {
    const { completed_at: _, ...older } = order;

    expect(whyNoRevision(older, new Date('2026-11-08T11:59:30.000Z'))).toBe(revisionMessages.windowPassed);
  });
});

describe('trying the requests on the ad before the revision is used', () => {
  const uploadKey = '0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
  // A shop whose site shows no price, its ad with one opening only (as an ad made from one fact has).
  const noPrice = {
    ...catTreats,
    products: (catTreats.products ?? []).map(({ price: _price, ...product }) => product),
    prices: [],
  };
  const oneOpeningNoPrice = {
    ...writeTemplateStoryboard({ site: noPrice, order: { style: 'ugc', durationSeconds: 8, uploadKey } }),
    openings: undefined,
  };

  it('names each request this ad does not allow, with why, as the page and the email say it', () => {
    expect(requestsNotAllowed(oneOpeningNoPrice, ['price', 'hook'])).toEqual([
      'open with another hook: this ad has no other opening our writer could make from your website',
      'say the price: your website shows no price for the product',
    ]);
  });

  it('leaves out the requests it can carry out', () => {
    expect(requestsNotAllowed(oneOpeningNoPrice, ['price', 'faster'])).toEqual([
      'say the price: your website shows no price for the product',
    ]);
    expect(requestsNotAllowed(oneOpeningNoPrice, ['photo'], '7c9e6679-7425-40de-944b-e07fc1f90ae7.png')).toEqual([]);
  });

  it('allows another hook on an ad the writer made a second opening for', () => {
    const version1 = writeTemplateStoryboard({
      site: coffeeRoaster,
      order: { style: 'direct-response', durationSeconds: 8, uploadKey },
    });

    expect(requestsNotAllowed(version1, ['hook'])).toEqual([]);
  });

  it('refuses a note none of whose requests can be done with each reason, the revision still the buyer’s', () => {
    const notDone = requestsNotAllowed(oneOpeningNoPrice, ['price', 'hook']);

    expect(revisionMessages.nothingPossible(notDone)).toBe(
      'Our writer cannot make the changes you asked for to this ad: open with another hook: this ad has no other ' +
        'opening our writer could make from your website; say the price: your website shows no price for the ' +
        'product. Your revision is still yours to use.',
    );
  });
});
