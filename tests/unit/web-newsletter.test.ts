import { describe, expect, it } from 'vitest';
import { apiMessages, messages } from '#shared/contract.ts';
import { readSubscribeAnswer } from '#web/features/newsletter/api/subscribe.ts';
import {
  emailProblem,
  feedbackForSubscribe,
  newsletterFallbacks,
} from '#web/features/newsletter/newsletter-feedback.ts';
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
