// The route table (spec §2). Home is in the main bundle; the other pages load on demand.
import { createBrowserRouter } from 'react-router-dom';
import { paths } from '../paths.ts';
import { HomeRoute } from './routes/home.tsx';
import { RootFallback, RootRoute } from './routes/root.tsx';
import { RouteError } from './routes/route-error.tsx';

export function createRouter() {
  return createBrowserRouter([
    {
      path: paths.home,
      Component: RootRoute,
      HydrateFallback: RootFallback,
      ErrorBoundary: RouteError,
      children: [
        { index: true, Component: HomeRoute },
        {
          path: paths.success,
          lazy: async () => ({ Component: (await import('./routes/success.tsx')).SuccessRoute }),
        },
        {
          path: paths.terms,
          lazy: async () => ({ Component: (await import('./routes/terms.tsx')).TermsRoute }),
        },
        {
          path: paths.newsletterConfirmed,
          lazy: async () => ({
            Component: (await import('../features/newsletter/components/newsletter-status-page.tsx'))
              .NewsletterConfirmedPage,
          }),
        },
        {
          path: paths.newsletterUnsubscribed,
          lazy: async () => ({
            Component: (await import('../features/newsletter/components/newsletter-status-page.tsx'))
              .NewsletterUnsubscribedPage,
          }),
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
        },
      ],
    },
  ]);
}
