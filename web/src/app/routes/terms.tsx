// `/terms`: the Terms of Service with a way back home.
import { Link } from 'react-router-dom';
import { config } from '#shared/config.ts';
import { paths } from '#shared/paths.ts';
import { secondaryButton } from '#web/components/styles.ts';
import { TermsOfService } from '#web/features/legal/components/terms-of-service.tsx';

export function TermsRoute() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{`Terms of Service — ${config.brand.name}`}</title>
      <Link to={paths.home} className={secondaryButton}>
        <span aria-hidden="true">←</span> Back to Home
      </Link>
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Terms of Service</h1>
      <TermsOfService />
    </article>
  );
}
