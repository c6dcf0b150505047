// The value section (docs/product.md "Screens and routes"): minutes not days; $5 not thousands; ready for every feed.
import { config } from '#shared/config.ts';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { packFormatsWords } from '#shared/pack-words.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';
import { SectionIntro } from './section-intro.tsx';

const { studioCost, adsPerFreelancerQuote } = config.site.socialProof;

const claims = [
  {
    title: 'Minutes, not days',
    text: `No briefs, no casting, no back-and-forth. Paste your link and your ad is in your inbox in ${typicalDeliveryWords(siteDeliverySeconds)}.`,
    icon: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 4a.75.75 0 0 0-1.5 0v4c0 .2.08.39.22.53l2.5 2.5a.75.75 0 1 0 1.06-1.06l-2.28-2.28V6Z',
  },
  {
    title: '$5, not thousands',
    text: `A studio quotes ${studioCost} for one ad. That same budget buys about ${adsPerFreelancerQuote} ads here, so you can test every hook.`,
    icon: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 3.5a.75.75 0 0 0-1.5 0v.6c-1.3.3-2.25 1.3-2.25 2.5 0 1.6 1.4 2.2 2.6 2.6 1.1.4 1.65.6 1.65 1.2 0 .5-.6.9-1.25.9-.7 0-1.2-.4-1.3-.8a.75.75 0 1 0-1.45.4c.2.9 1 1.6 2 1.8v.6a.75.75 0 0 0 1.5 0v-.6c1.3-.3 2.25-1.3 2.25-2.3 0-1.7-1.4-2.3-2.6-2.7-1.1-.4-1.65-.6-1.65-1.1 0-.4.5-.8 1.25-.8.6 0 1 .3 1.15.6a.75.75 0 1 0 1.35-.7c-.3-.6-.95-1.1-1.75-1.3v-.6Z',
  },
  {
    title: 'Ready to post',
    text: `Your ad in ${packFormatsWords}, with captions in each feed's safe zones, ready for TikTok, Meta and YouTube.`,
    icon: 'M6 2a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H6Zm2.5 5.3 4 2.3a.5.5 0 0 1 0 .8l-4 2.3a.5.5 0 0 1-.75-.43V7.73a.5.5 0 0 1 .75-.43Z',
  },
];

export function ValueSection() {
  return (
    <section aria-labelledby="value-heading" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionIntro eyebrow="Why ReelFive" id="value-heading" title="The ad you need, without the agency" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {claims.map((claim) => (
            <li key={claim.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-6" fill="currentColor">
                  <path fillRule="evenodd" clipRule="evenodd" d={claim.icon} />
                </svg>
              </span>
              <h3 className="mt-5 text-xl font-bold text-slate-900">{claim.title}</h3>
              <p className="mt-2 text-slate-700">{claim.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
