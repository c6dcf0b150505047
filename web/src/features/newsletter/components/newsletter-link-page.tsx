// The pages a newsletter email's links open (/newsletter/confirm?token=…, /newsletter/unsubscribe?token=…).
// Loading the page acts on nothing; its button POSTs the token, and the reader then lands on the
// page that says what happened (newsletter-status-page.tsx).
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '#shared/paths.ts';
import { primaryButton } from '#web/components/styles.ts';
import { confirmSubscription, type LinkResult, unsubscribe } from '#web/features/newsletter/api/link-actions.ts';
import { type NewsletterLinkPageKind, newsletterLinkContent } from '#web/features/newsletter/newsletter-link.ts';

const actions: Record<NewsletterLinkPageKind, (token: string) => Promise<LinkResult>> = {
  confirm: confirmSubscription,
  unsubscribe,
};

export function NewsletterLinkPage({ page }: { page: NewsletterLinkPageKind }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const content = newsletterLinkContent[page];
  const token = search.get('token') ?? '';

  async function act() {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const result = token ? await actions[page](token) : 'invalid';
      navigate(result === 'done' ? content.resultPage : paths.newsletterLinkProblem(content.resultPage, result), {
        replace: true,
      });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{content.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{content.text}</p>
      <button type="button" onClick={act} disabled={sending} className={`${primaryButton} mt-8`}>
        {content.button}
      </button>
    </div>
  );
}

/** For the router's lazy routes: the two pages without props. */
export function NewsletterConfirmPage() {
  return <NewsletterLinkPage page="confirm" />;
}

export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage page="unsubscribe" />;
}
