import { describe, expect, it } from 'vitest';
import { apiMessages, messages } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { readLinkAnswer } from '#web/features/newsletter/api/link-actions.ts';
import { readSubscribeAnswer } from '#web/features/newsletter/api/subscribe.ts';
import {
  emailProblem,
  feedbackForSubscribe,
  newsletterFallbacks,
} from '#web/features/newsletter/newsletter-feedback.ts';
import { newsletterLinkContent } from '#web/features/newsletter/newsletter-link.ts';
import { newsletterStatusContent } from '#web/features/newsletter/newsletter-status.ts';

describe('the newsletter box', () => {
  it('checks the address with the API’s own words before sending', () => {
    expect(emailProblem('')).toBe(messages.newsletterEmailMissing);
    expect(emailProblem('not-an-email')).toBe(messages.invalidEmail);
    expect(emailProblem(' someone@example.com ')).toBeNull();
  });

  it('shows the API’s message on success and its error on a refusal', () => {
    const sent = readSubscribeAnswer({ status: 200, ok: true, body: { message: apiMessages.newsletterCheckInbox } });
    const limited = readSubscribeAnswer({
      status: 429,
      ok: false,
      body: { error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' },
    });

    expect(feedbackForSubscribe(sent)).toEqual({ tone: 'success', text: apiMessages.newsletterCheckInbox });
    expect(feedbackForSubscribe(limited)).toEqual({ tone: 'error', text: apiMessages.tooManyRequests });
  });

  it('falls back to its own words for an empty refusal, an odd answer or no connection', () => {
    expect(feedbackForSubscribe(readSubscribeAnswer({ status: 502, ok: false, body: undefined }))).toEqual({
      tone: 'error',
      text: newsletterFallbacks.rejected,
    });
    expect(feedbackForSubscribe(readSubscribeAnswer({ status: 200, ok: true, body: { nope: 1 } }))).toEqual({
      tone: 'error',
      text: newsletterFallbacks.unexpected,
    });
    expect(feedbackForSubscribe({ kind: 'offline' })).toEqual({ tone: 'error', text: newsletterFallbacks.offline });
  });
});

describe('the newsletter status pages', () => {
  it('say what the link did, or that it did not work', () => {
    expect(newsletterStatusContent('confirmed', null).title).toBe('You are subscribed');
    expect(newsletterStatusContent('unsubscribed', null).title).toBe('You are unsubscribed');
    expect(newsletterStatusContent('confirmed', 'invalid').title).toBe('This link does not work');
    expect(newsletterStatusContent('unsubscribed', 'error').title).toBe('Something went wrong');
    expect(newsletterStatusContent('unsubscribed', 'something-else').title).toBe('You are unsubscribed');
  });
});

describe('the pages a newsletter link opens', () => {
  it('name the button that acts, and the page each lands on', () => {
    expect(newsletterLinkContent.confirm).toMatchObject({
      title: 'Confirm your subscription',
      button: 'Confirm my subscription',
      resultPage: paths.newsletterConfirmed,
    });
    expect(newsletterLinkContent.unsubscribe).toMatchObject({
      button: 'Remove my email address',
      resultPage: paths.newsletterUnsubscribed,
    });
  });

  it('read the API’s answer: 2xx done, 400 a link that does not work, anything else an error', () => {
    expect(readLinkAnswer({ status: 200, ok: true })).toBe('done');
    expect(readLinkAnswer({ status: 400, ok: false })).toBe('invalid');
    expect(readLinkAnswer({ status: 429, ok: false })).toBe('error');
    expect(readLinkAnswer({ status: 500, ok: false })).toBe('error');
    expect(readLinkAnswer({ kind: 'offline' })).toBe('error');
  });
});
