// `/terms`: a placeholder. The full legal text (spec §2's sections, company details from config)
// replaces this body in the content step.
import { Link } from 'react-router-dom';
import { secondaryButton } from '../../components/styles.ts';
import { paths } from '../../paths.ts';

export function TermsRoute() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <Link to={paths.home} className={secondaryButton}>
        ← Back to Home
      </Link>
      <h1 className="mt-8 text-4xl font-bold tracking-tight text-slate-900">Terms of Service</h1>
    </article>
  );
}
