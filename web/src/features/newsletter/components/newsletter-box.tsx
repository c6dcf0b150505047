// The footer's newsletter sign-up (docs/product.md "Screens and routes", the footer): an email field and a Subscribe button. The
// outcome is read out from a live region; the address is checked with the API's own schema first.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { subscribeToNewsletter } from '#web/features/newsletter/api/subscribe.ts';
import {
  emailProblem,
  feedbackForSubscribe,
  type NewsletterFeedback,
} from '#web/features/newsletter/newsletter-feedback.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

export interface NewsletterBoxProps {
  /** Classes for the outer form, so the footer can place it. */
  className?: string;
}

export function NewsletterBox({ className = '' }: NewsletterBoxProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<NewsletterFeedback | null>(null);
  // State updates land after a render; the ref stops a second submit in the same tick.
  const inFlight = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Keep an address typed into the prerendered box before React took it over.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);
  const invalid = feedback?.tone === 'error';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const problem = emailProblem(email);
    if (problem) {
      setFeedback({ tone: 'error', text: problem });
      inputRef.current?.focus();
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setFeedback(null);
    try {
      const result = feedbackForSubscribe(await subscribeToNewsletter({ email }));
      setFeedback(result);
      if (result.tone === 'success') setEmail('');
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form className={className} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Get video ad tips by email
      </p>
      <p className="mt-1 text-sm text-slate-600">We ask you to confirm first. Unsubscribe with one click.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
            Email address
          </label>
          <input
            ref={inputRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-status`}
            className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-500"
          />
        </div>
        <button
          type="submit"
          disabled={!hydrated || submitting}
          className="inline-flex items-center justify-center rounded-xl bg-indigo-600 px-5 py-2.5 text-base font-semibold text-white transition hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-indigo-400"
        >
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm ${invalid ? 'text-red-700' : 'text-emerald-700'}`}
      >
        {feedback?.text}
      </p>
    </form>
  );
}
