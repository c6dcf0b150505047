// The footer of every page (docs/product.md "Screens and routes", anchor #support): page and blog links, terms, privacy and
// contact, the newsletter box, social links and the secure-payments note. The privacy notice is
// in the home page's footer only (#privacy), where every page's Privacy link leads (it
// made each page thousands of pixels taller on a phone). On a phone the blog links fold away and
// the link lists sit side by side. It belongs to the app layer, which composes features: it holds
// the newsletter feature's box, and no feature may import another (biome.json's restricted imports).
import { lazy } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { config } from '#shared/config.ts';
import { anchors, paths } from '#shared/paths.ts';
import { blogLinks } from '#web/app/layout/blog-links.ts';
import { PrerenderedSection } from '#web/components/prerendered-section.tsx';
import { NewsletterBox } from '#web/features/newsletter/components/newsletter-box.tsx';

// The privacy notice is text only: the home page hydrates it from its prerendered HTML.
const PrivacyNotice = lazy(() => import('./privacy-notice.tsx').then((module) => ({ default: module.PrivacyNotice })));

const link = 'rounded text-slate-300 hover:text-white hover:underline';

const homeLinks = [
  { label: 'Examples', hash: anchors.examples },
  { label: 'Pricing', hash: anchors.pricing },
  { label: 'FAQ', hash: anchors.faq },
];

/**
 * `staticPage`: the page ships without JavaScript (the blog), so instead of the newsletter form,
 * which needs it, a link leads to the form on the home page.
 */
export function SiteFooter({ staticPage = false }: { staticPage?: boolean }) {
  const { socialLinks, sisterProducts } = config.site;
  const onHome = useLocation().pathname === paths.home;
  return (
    <footer id={anchors.support} className="scroll-mt-6 bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="grid grid-cols-2 gap-8 sm:gap-10 lg:grid-cols-[1.2fr_0.8fr_0.8fr_2fr]">
          <div className="col-span-2 lg:col-span-1">
            <p className="text-lg font-bold text-white">{config.brand.name}</p>
            <p className="mt-2 text-sm text-slate-400">Video ads for $5, not $5,000.</p>
            <h2 className="mt-6 text-sm font-semibold text-white">Contact</h2>
            <p className="mt-2 text-sm">
              Questions about an order? Write to{' '}
              <a href={`mailto:${config.supportEmail}`} className={`${link} font-semibold`}>
                {config.supportEmail}
              </a>
              .
            </p>
            <p className="mt-6 flex items-center gap-2 text-sm text-slate-400">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 flex-none" fill="currentColor">
                <path
                  fillRule="evenodd"
                  clipRule="evenodd"
                  d="M10 1a4.5 4.5 0 0 0-4.5 4.5V8H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 7V5.5a3 3 0 1 0-6 0V8h6Z"
                />
              </svg>
              Secure payments by Stripe. We never see your card.
            </p>
          </div>
          <nav aria-labelledby="footer-product">
            <h2 id="footer-product" className="text-sm font-semibold text-white">
              Product
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {homeLinks.map((item) => (
                <li key={item.hash}>
                  <Link to={{ pathname: paths.home, hash: item.hash }} className={link}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="text-sm font-semibold text-white">
              Legal
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link to={paths.terms} className={link}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to={{ pathname: paths.home, hash: anchors.privacy }} className={link}>
                  Privacy
                </Link>
              </li>
              <li>
                <a href={`#${anchors.support}`} className={link}>
                  Contact
                </a>
              </li>
            </ul>
          </nav>
          {/* The box is drawn for a light background: it sits on its own white card. */}
          {staticPage ? (
            <div className="col-span-2 self-start lg:col-span-1">
              <h2 className="text-sm font-semibold text-white">Newsletter</h2>
              <p className="mt-3 text-sm">
                Get video ad tips by email.{' '}
                <a href={`${paths.home}#${anchors.support}`} className={`${link} font-semibold`}>
                  Subscribe on our home page
                </a>
              </p>
            </div>
          ) : (
            <NewsletterBox className="col-span-2 self-start rounded-2xl bg-white p-5 lg:col-span-1" />
          )}
        </div>

        <nav aria-labelledby="footer-blog" className="mt-10 sm:mt-12">
          <h2 id="footer-blog" className="text-sm font-semibold text-white">
            From the blog
          </h2>
          {/* Folded on a phone (the list alone is a screen tall there), open from sm up. */}
          <details className="mt-3 text-sm sm:hidden">
            <summary className="cursor-pointer rounded font-semibold text-slate-200">
              All {blogLinks.length} articles
            </summary>
            <BlogLinks className="mt-3 grid gap-y-2" />
          </details>
          <BlogLinks className="mt-3 hidden gap-x-8 gap-y-2 text-sm sm:grid sm:grid-cols-2 lg:grid-cols-3" />
        </nav>

        <div className="mt-10 flex flex-col gap-6 sm:mt-12 sm:flex-row sm:items-center sm:justify-between">
          <ul aria-label="Social media" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {socialLinks.map((social) => (
              <li key={social.url}>
                <a href={social.url} className={link} rel="noopener">
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
          {sisterProducts.length > 0 ? (
            <ul aria-label={`More from ${config.company.name}`} className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {sisterProducts.map((product) => (
                <li key={product.url}>
                  <a href={product.url} className={link} rel="noopener">
                    {product.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        {onHome && (
          <div className="mt-12">
            <PrerenderedSection name="privacy" Section={PrivacyNotice} />
          </div>
        )}
        <p className="mt-10 text-sm text-slate-400">
          © {new Date().getFullYear()} {config.company.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** Articles are static pages (no SPA route): plain links load them. */
function BlogLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {blogLinks.map((post) => (
        <li key={post.href}>
          <a href={post.href} className={link}>
            {post.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
