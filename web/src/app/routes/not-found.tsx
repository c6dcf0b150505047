// Any unknown path (docs/product.md "Screens and routes"): the 404 page. CloudFront and the twin serve it with status 404.
import { Link } from 'react-router-dom';
import { config } from '#shared/config.ts';
import { paths } from '#shared/paths.ts';
import { primaryButton } from '#web/components/styles.ts';

export function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-md px-4 py-24 text-center">
      <title>{`Page not found — ${config.brand.name}`}</title>
      <h1 className="text-7xl font-extrabold tracking-tight text-indigo-600">404</h1>
      <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>
      <Link to={paths.home} className={`${primaryButton} mt-8`}>
        Return to Home
      </Link>
    </div>
  );
}
