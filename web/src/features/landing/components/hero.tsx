// The top of the home page (docs/product.md "Screens and routes"): the headline, the two calls to action and a real example
// ad looping, muted, in a phone frame. It only plays when the visitor allows motion.
import { useEffect, useRef } from 'react';
import { typicalDeliveryWords } from '#shared/delivery-time.ts';
import { anchors } from '#shared/paths.ts';
import { primaryButton } from '#web/components/styles.ts';
import { heroExample } from '#web/features/landing/example-ads.ts';
import { usePrefersReducedMotion } from '#web/features/landing/hooks/use-reduced-motion.ts';
import { siteDeliverySeconds } from '#web/lib/site-delivery.ts';

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(99_102_241/0.45),transparent),radial-gradient(40rem_30rem_at_0%_110%,rgb(236_72_153/0.25),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm text-indigo-100">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
            AI video ads, ready in {typicalDeliveryWords(siteDeliverySeconds)}
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Video ads for <span className="text-indigo-300">$5</span>,{' '}
            <span className="whitespace-nowrap">not $5,000.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">
            Paste your website and get a 9:16 video ad written from your own site, with a voice-over, captions and
            original music, ready for TikTok, Meta and YouTube. No subscription, no agency, no filming.
          </p>
          <div className="mt-10 flex flex-wrap items-center gap-x-6 gap-y-4">
            <a
              href={`#${anchors.pricing}`}
              className={`${primaryButton} bg-indigo-500 px-7 py-4 text-lg hover:bg-indigo-400`}
            >
              Generate My Ad for $5
            </a>
            <a
              href={`#${anchors.examples}`}
              className="inline-flex items-center gap-2 rounded-xl px-2 py-3 text-base font-semibold text-white underline-offset-4 hover:underline"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1.5 5.1 4.6 2.5a.5.5 0 0 1 0 .8l-4.6 2.5a.5.5 0 0 1-.7-.4V7.5a.5.5 0 0 1 .7-.4Z" />
              </svg>
              Watch example
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-300">One-time payment · No account needed</p>
        </div>
        <PhoneVideo />
      </div>
    </section>
  );
}

function PhoneVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (reducedMotion) {
      element.pause();
      return;
    }
    // React does not reflect `muted` as an attribute; autoplay policies need the property.
    element.muted = true;
    element.play().catch(() => undefined);
  }, [reducedMotion]);

  return (
    <div className="mx-auto w-56 sm:w-64">
      <div className="rounded-[2.5rem] border border-white/15 bg-slate-900 p-2.5 shadow-2xl shadow-indigo-950">
        <div className="relative aspect-9/16 overflow-hidden rounded-[2rem] bg-slate-800">
          {/* The poster is its own image under the video: it paints with the page's HTML (the
              page's largest paint), and the video's first frame, the same size on top, is not a
              larger paint that would move it to after the JavaScript and the MP4 (the LCP budget, docs/budgets.md). */}
          <img
            src={heroExample.poster}
            alt=""
            width={432}
            height={768}
            fetchPriority="high"
            className="absolute inset-0 size-full object-cover"
          />
          <video
            ref={video}
            className="relative size-full object-cover"
            width={432}
            height={768}
            src={heroExample.video}
            muted
            loop
            playsInline
            preload="none"
            aria-label={`Example ad: ${heroExample.title} (${heroExample.style}), muted`}
          />
        </div>
      </div>
    </div>
  );
}
