// What the newsletter box says after a submit, from the API's answer or the local check.
import { messages, newsletterRequestSchema } from '#shared/contract.ts';
import type { SubscribeResult } from './api/subscribe.ts';

export interface NewsletterFeedback {
  tone: 'success' | 'error';
  text: string;
}

export const newsletterFallbacks = {
  rejected: 'We could not sign you up. Please try again.',
  offline: 'Unable to connect. Please check your internet connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

/** The contract's own check, so the box shows the words the API would answer with. */
export function emailProblem(email: string): string | null {
  const parsed = newsletterRequestSchema.safeParse({ email });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.invalidEmail);
}

export function feedbackForSubscribe(result: SubscribeResult): NewsletterFeedback {
  if (result.kind === 'sent') return { tone: 'success', text: result.message };
  if (result.kind === 'rejected') return { tone: 'error', text: result.error ?? newsletterFallbacks.rejected };
  return { tone: 'error', text: newsletterFallbacks[result.kind] };
}
