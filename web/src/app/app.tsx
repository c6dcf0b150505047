// The route table (docs/product.md "Screens and routes") in react-router's declarative mode: the same tree renders in the
// browser (BrowserRouter, start.tsx) and in the build's prerender (StaticRouter, entry-server.tsx).
// Declarative rather than data mode: no route loads data before rendering, and the data router
// costs ~17 KB gzip on the home page (its 110 KB budget, docs/budgets.md).
// Home is in the main bundle; the other pages load on demand. The blog is not here: its pages
// are static HTML (entry-server.tsx), reached by plain links.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { paths } from '#shared/paths.ts';
import { SiteLayout } from '#web/app/layout/site-layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';

const SuccessRoute = lazy(async () => ({ default: (await import('./routes/success.tsx')).SuccessRoute }));
const TermsRoute = lazy(async () => ({ default: (await import('./routes/terms.tsx')).TermsRoute }));
const NotFoundRoute = lazy(async () => ({ default: (await import('./routes/not-found.tsx')).NotFoundRoute }));
const NewsletterConfirmPage = lazy(async () => ({
  default: (await import('#web/features/newsletter/components/newsletter-link-page.tsx')).NewsletterConfirmPage,
}));
const NewsletterUnsubscribePage = lazy(async () => ({
  default: (await import('#web/features/newsletter/components/newsletter-link-page.tsx')).NewsletterUnsubscribePage,
}));
const NewsletterConfirmedPage = lazy(async () => ({
  default: (await import('#web/features/newsletter/components/newsletter-status-page.tsx')).NewsletterConfirmedPage,
}));
const NewsletterUnsubscribedPage = lazy(async () => ({
  default: (await import('#web/features/newsletter/components/newsletter-status-page.tsx')).NewsletterUnsubscribedPage,
}));

/** Shown while a lazy page's code loads after a client-side navigation. */
function PageLoading() {
  return (
    <p role="status" className="py-24 text-center text-slate-600">
      Loading…
    </p>
  );
}

/**
 * After a link is followed, the new page starts at its top, or at the section the link names
 * (`/#pricing` from another page). Back/forward (POP) and the first load keep the browser's
 * own scroll restoration.
 */
function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what triggers the scroll
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function App() {
  const { pathname } = useLocation();
  return (
    <SiteLayout>
      <ScrollOnNavigate />
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route index element={<HomeRoute />} />
            <Route path={paths.success} element={<SuccessRoute />} />
            <Route path={paths.terms} element={<TermsRoute />} />
            <Route path={paths.newsletterConfirm} element={<NewsletterConfirmPage />} />
            <Route path={paths.newsletterUnsubscribe} element={<NewsletterUnsubscribePage />} />
            <Route path={paths.newsletterConfirmed} element={<NewsletterConfirmedPage />} />
            <Route path={paths.newsletterUnsubscribed} element={<NewsletterUnsubscribedPage />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </SiteLayout>
  );
}
