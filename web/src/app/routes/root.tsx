import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteLayout } from '../../components/site-layout.tsx';

export function RootRoute() {
  return (
    <SiteLayout>
      <Outlet />
      <ScrollRestoration />
    </SiteLayout>
  );
}

/** Shown while a lazy route's code loads on the first page view. */
export function RootFallback() {
  return (
    <SiteLayout>
      <p role="status" className="py-24 text-center text-slate-600">
        Loading…
      </p>
    </SiteLayout>
  );
}
