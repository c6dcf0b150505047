// The frame of every page: a skip link, the header with the logo and section links, the main
// landmark and the footer.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { config } from '#shared/config.ts';
import { anchors, paths } from '#shared/paths.ts';
import { SiteFooter } from '#web/app/layout/site-footer.tsx';

const headerLinks = [
  { label: 'Examples', hash: anchors.examples },
  { label: 'Pricing', hash: anchors.pricing },
  { label: 'FAQ', hash: anchors.faq },
];

/** `staticPage`: prerendered with no JavaScript (the blog); see SiteFooter. */
export function SiteLayout({ children, staticPage = false }: { children: ReactNode; staticPage?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="bg-slate-950 text-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
          <Link to={paths.home} className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight">
            <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-500">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path d="M6 4.5v11a.5.5 0 0 0 .77.42l8.5-5.5a.5.5 0 0 0 0-.84l-8.5-5.5A.5.5 0 0 0 6 4.5Z" />
              </svg>
            </span>
            {config.brand.name}
          </Link>
          <nav aria-label="Main">
            <ul className="flex items-center gap-1">
              {headerLinks.map((item) => (
                <li key={item.hash} className={item.hash === anchors.pricing ? '' : 'hidden sm:block'}>
                  <Link
                    to={{ pathname: paths.home, hash: item.hash }}
                    className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-100 hover:bg-white/10 hover:text-white"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter staticPage={staticPage} />
    </div>
  );
}
