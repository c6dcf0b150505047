// FAQ (docs/product.md "Screens and routes", anchor #faq). Every answer says what the product really does (docs/spec-deviations.md):
// failed ads are refunded automatically, delivery takes the stage's measured time, and the
// ad is what the generation pipeline makes (docs/design.md "Generation pipeline"): a storyboard from the site, a voice per
// style, captions synced to it, original music, quality checks, in every format of the delivery
// pack (shared/pack-words.ts) with its openings, copy and captions, and one free revision.
// No avatars.
import { anchors } from '#shared/paths.ts';
import { faqs } from '#web/features/landing/faqs.ts';
import { SectionIntro } from './section-intro.tsx';

export function FaqSection() {
  return (
    <section id={anchors.faq} aria-labelledby="faq-heading" className="scroll-mt-6 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionIntro eyebrow="FAQ" id="faq-heading" title="Questions, answered" />
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {faqs.map((faq) => (
            <details key={faq.question} className="group px-5 py-1 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 text-lg font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {faq.question}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-5 flex-none text-slate-500 motion-safe:transition group-open:rotate-45"
                  fill="currentColor"
                >
                  <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
                </svg>
              </summary>
              <p className="pb-5 text-slate-700">
                {faq.answer}
                {faq.privacyLink ? (
                  <>
                    {' '}
                    <a href={`#${anchors.privacy}`} className="font-semibold text-indigo-700 underline">
                      Read our privacy notice
                    </a>
                    .
                  </>
                ) : null}
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
