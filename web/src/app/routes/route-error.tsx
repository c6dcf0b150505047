// The router's fallback for anything a route throws (spec §2: 'Unexpected Application Error!').
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { SiteLayout } from '../../components/site-layout.tsx';
import { primaryButton } from '../../components/styles.ts';
import { paths } from '../../paths.ts';

export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function RouteError() {
  const error = useRouteError();
  return (
    <SiteLayout>
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-4 rounded-xl bg-rose-50 p-4 font-mono text-sm text-rose-900">{errorMessage(error)}</p>
        <Link to={paths.home} className={`${primaryButton} mt-8`}>
          Return to Home
        </Link>
      </div>
    </SiteLayout>
  );
}
