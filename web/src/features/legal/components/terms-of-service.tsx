// The Terms of Service (docs/product.md "Screens and routes": fourteen sections). The refund section settles the spec's
// "money-back guarantee" vs "no refunds" as docs/spec-deviations.md decides: a failed ad is refunded
// automatically, a delivered ad is not (it has its one free revision instead). What is delivered is
// the delivery pack (shared/delivery-pack.ts). Company, address and governing law come from config.
import type { ReactNode } from 'react';
import { config } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { freeRevisionWords, packFormatsWords } from '#shared/pack-words.ts';
import { prohibitedCategories } from '#shared/prohibited-content.ts';
import { usageRightsText, usageRightsTitle } from '#shared/usage-rights.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

export const termsLastUpdated = 'November 29, 2026';

const brand = config.brand.name;
const price = config.price.label;
const { company } = config;
const support = (
  <a href={`mailto:${config.supportEmail}`} className="font-semibold text-indigo-700 underline">
    {config.supportEmail}
  </a>
);

export const termsSections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        These Terms of Service are an agreement between you and {company.name} ("{brand}", "we", "us"). By using{' '}
        {config.siteUrl.replace(/^https?:\/\//, '')} or buying a video ad, you accept these terms. If you do not accept
        them, do not use the service.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Service Description',
    body: (
      <p>
        {brand} makes short video ads with artificial intelligence from the website address, style, length and image you
        give us (the image is optional when we can read your website, and needed when we cannot), and sends the finished
        ad to the email address you enter. Each ad has a script written from your website, a synthetic voice-over with
        captions, the images from your upload or your website, and original music. It is delivered as MP4 files in{' '}
        {packFormatsWords} pixels (the 720x1280 file first, the others on your order page within minutes), with up to
        two other openings at 1080x1920 to test, the ad text to paste into the ad platforms, caption files and a note on
        labelling AI content. It contains no filmed or AI-generated footage and no people or avatars. Each ad is a
        one-time purchase. No account or subscription is needed.
      </p>
    ),
  },
  {
    id: 'ai-content',
    title: 'AI-Generated Content Disclaimer',
    body: (
      <p>
        Ads are generated automatically. An AI model writes the script from your website (when the model is unavailable,
        our template writer does), a synthetic (AI) voice reads it, and software lays out the images, captions and
        motion and composes the music. Ads may contain mistakes or mispronounce names, may not match your brand exactly
        and may differ from the examples on our site. Review every ad, with the sound on, before you publish it; you are
        responsible for checking that its claims about your business, including prices and offers, are true.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>
          If we cannot make your ad, we refund your payment in full, automatically and at once: you do not need to ask.
          We check every ad before delivery (no blank or frozen picture, sound at the right loudness, a voice that can
          be heard, captions that can be read); an ad that fails is made again with a simpler layout, and if it fails
          again it is not delivered and you are refunded. The refund goes back to the card you paid with and usually
          appears on your statement within 5-10 business days.
        </p>
        <p>
          Once an ad has been delivered, it is not refunded; if it is not what you wanted, ask for its free revision
          (see Delivery). If a delivered file is broken or cannot be played, write to {support} and we will fix it.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <p>
        The price is {price} USD per video, charged once when you order. There is no subscription and nothing renews.
        Payments are processed by Stripe; we never see or store your card number. A valid coupon code lowers the price
        shown at checkout.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery',
    body: (
      <>
        <p>
          Most ads are delivered in {typicalDeliveryWords(siteDeliverySeconds)}, and your order page shows each step as
          it happens. Delivery times are estimates, not guarantees: at busy times an ad can take longer. The finished
          files stay downloadable from your order page for {config.limits.fileRetentionDays} days; keep your own copy.
        </p>
        <p>
          {freeRevisionWords} Your first version stays yours, and if the revision cannot be made, you keep the first
          version and we tell you so.
        </p>
      </>
    ),
  },
  {
    id: 'usage-rights',
    title: usageRightsTitle,
    body: <p>{usageRightsText}</p>,
  },
  {
    id: 'prohibited-content',
    title: 'Prohibited Content',
    body: (
      <>
        <p>You may not use {brand} to make ads that:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>promote anything illegal, or products and services you are not allowed to sell;</li>
          <li>are deceptive, defamatory, hateful, harassing or sexually explicit;</li>
          <li>use images, names, trademarks or other material you have no right to use;</li>
          <li>impersonate another person or business.</li>
        </ul>
        <p>We do not make ads for:</p>
        <ul className="list-disc space-y-1 pl-6" aria-label="Content we do not make ads for">
          {prohibitedCategories.map((category, index) => (
            <li key={category.id}>
              {category.label}
              {index === prohibitedCategories.length - 1 ? '.' : ';'}
            </li>
          ))}
        </ul>
        <p>
          We check what your website says before you pay, and again before we make your ad. Reviews, comments and offers
          from other websites shown on your page are never used as your ad's claims, and the business name in your ad
          must match your website's address.
        </p>
        <p>We may refuse or stop any order that breaks these rules; an order we refuse is refunded.</p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent the law allows, our total liability for any claim arising from the service or from any ad
        is limited to the amount you paid for that ad, and in any case to no more than {price} USD. We are not liable
        for indirect, incidental or consequential losses, such as lost profits or advertising spend.
      </p>
    ),
  },
  {
    id: 'warranties',
    title: 'Warranties',
    body: (
      <p>
        The service and every ad are provided "as is" and "as available". Apart from the promises these terms make
        expressly, we give no warranty of any kind, including any warranty of merchantability, fitness for a particular
        purpose or that an ad will achieve any advertising result.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to defend and indemnify {company.name} against claims, damages and costs arising from the material you
        give us (such as your website content and images), from the way you publish or use your ads, and from your
        breach of these terms.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms. The date at the top of this page shows the latest version; changes apply to orders
        placed after that date, never to an order you have already paid for.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of {company.governingLaw}, without regard to its conflict-of-laws rules.
        Nothing in these terms takes away rights you have as a consumer under the laws of the country where you live.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Support and Contact',
    body: (
      <>
        <p>Questions about an order or these terms? Email {support} and include your order ID if you have one.</p>
        <address className="not-italic">
          {company.name}
          <br />
          {company.address}
        </address>
      </>
    ),
  },
];

export function TermsOfService() {
  return (
    <>
      <p className="mt-3 text-sm text-slate-600">Last updated: {termsLastUpdated}</p>
      <ol className="mt-10 space-y-10">
        {termsSections.map((section, index) => (
          <li key={section.id}>
            <section aria-labelledby={`terms-${section.id}`}>
              <h2 id={`terms-${section.id}`} className="text-xl font-semibold tracking-tight text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{section.body}</div>
            </section>
          </li>
        ))}
      </ol>
    </>
  );
}
