// The privacy notice (anchor #privacy), once, in the home page's footer: every page's Privacy link
// leads to /#privacy.
// It states what the product really keeps and for how long, read from config.
import { config } from '#shared/config.ts';
import { anchors } from '#shared/paths.ts';

const { limits, site, company, supportEmail } = config;

const sections = [
  {
    title: 'What we store',
    text: `For each order: the website and email you give us, the style, length and coupon you pick, the product image you upload (optional), the ad we make, and the order's payment and generation status. If you subscribe to our newsletter, your email and when you confirmed it. Card details go straight to Stripe and never reach us.`,
  },
  {
    title: 'Why',
    text: 'To make your ad, deliver it to your email, refund it if it fails, answer support requests and stop abuse (for example, the limit on orders in progress per email). We do not sell your data or use it for advertising, and we set no tracking cookies.',
  },
  {
    title: 'How long',
    text: `Uploaded images and rendered videos are deleted ${limits.fileRetentionDays} days after your order. An order's personal data (website and email) is anonymised after ${site.orderPersonalDataDays} days; what remains is kept for accounting. Newsletter sign-ups that are never confirmed lapse after ${limits.newsletterConfirmDays} days, and you can unsubscribe from any newsletter email.`,
  },
  {
    title: 'Who processes it',
    text: 'Amazon Web Services hosts the site, stores orders and files and sends our emails; Stripe processes payments. Both act on our instructions under their data processing terms.',
  },
  {
    title: 'Your rights',
    text: `You can ask for a copy of your data, its correction or its deletion at any time by writing to ${supportEmail}. ${company.name}, ${company.address}, is responsible for this data.`,
  },
];

export function PrivacyNotice() {
  return (
    <section
      id={anchors.privacy}
      aria-labelledby="privacy-heading"
      className="scroll-mt-6 border-t border-slate-800 pt-10"
    >
      <h2 id="privacy-heading" className="text-lg font-semibold text-white">
        Privacy notice
      </h2>
      <dl className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <div key={section.title}>
            <dt className="font-semibold text-slate-200">{section.title}</dt>
            <dd className="mt-1 text-sm leading-6 text-slate-400">{section.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
