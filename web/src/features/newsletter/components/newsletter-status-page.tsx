// The pages the newsletter's email links land on: /newsletter/confirmed and /newsletter/unsubscribed,
// each also telling of a link that was invalid or failed (`?status=invalid|error`).
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '#shared/paths.ts';
import { primaryButton } from '#web/components/styles.ts';
import { type NewsletterStatusPageKind, newsletterStatusContent } from '#web/features/newsletter/newsletter-status.ts';

export interface NewsletterStatusPageProps {
  page: NewsletterStatusPageKind;
}

export function NewsletterStatusPage({ page }: NewsletterStatusPageProps) {
  const [search] = useSearchParams();
  const { title, text } = newsletterStatusContent(page, search.get('status'));
  return (
    <div className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <Link to={paths.home} className={`${primaryButton} mt-8`}>
        Return to Home
      </Link>
    </div>
  );
}

/** For the router's lazy routes: the two pages without props. */
export function NewsletterConfirmedPage() {
  return <NewsletterStatusPage page="confirmed" />;
}

export function NewsletterUnsubscribedPage() {
  return <NewsletterStatusPage page="unsubscribed" />;
}
