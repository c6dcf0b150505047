// The top of the home page. The example video in the phone frame arrives with the examples
// section; until then the frame shows a still mock of an ad.
import { primaryButton } from '../../../components/styles.ts';
import { anchors } from '../../../paths.ts';

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(99_102_241/0.45),transparent),radial-gradient(40rem_30rem_at_0%_110%,rgb(236_72_153/0.25),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm text-indigo-100">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
            AI video ads, ready in about 20 minutes
          </p>
          <h1 id="hero-heading" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Video ads for <span className="text-indigo-300">$5</span>,{' '}
            <span className="whitespace-nowrap">not $5,000.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">
            Paste your website and get a scroll-stopping 9:16 video ad for TikTok, Meta and YouTube. No subscription, no
            agency, no filming.
          </p>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            <a
              href={`#${anchors.pricing}`}
              className={`${primaryButton} bg-indigo-500 px-7 py-4 text-lg hover:bg-indigo-400`}
            >
              Generate My Ad for $5
            </a>
            <p className="text-sm text-slate-300">One-time payment · No account needed</p>
          </div>
        </div>
        <PhoneMock />
      </div>
    </section>
  );
}

function PhoneMock() {
  return (
    <div aria-hidden="true" className="mx-auto w-56 sm:w-64">
      <div className="rounded-[2.5rem] border border-white/15 bg-slate-900 p-2.5 shadow-2xl shadow-indigo-950">
        <div className="relative aspect-9/16 overflow-hidden rounded-[2rem] bg-linear-to-br from-indigo-500 via-fuchsia-500 to-amber-400">
          <div className="absolute inset-x-0 top-0 flex justify-center pt-2">
            <div className="h-5 w-20 rounded-full bg-slate-900" />
          </div>
          <div className="absolute inset-x-4 bottom-6 space-y-2">
            <p className="rounded-lg bg-black/45 px-3 py-2 text-lg leading-tight font-extrabold">Launch day is here.</p>
            <p className="w-fit rounded-lg bg-white px-3 py-1.5 text-sm font-bold text-slate-900">Shop now →</p>
          </div>
          <div className="absolute top-1/3 right-3 space-y-3">
            <div className="size-8 rounded-full bg-white/30" />
            <div className="size-8 rounded-full bg-white/30" />
            <div className="size-8 rounded-full bg-white/30" />
          </div>
        </div>
      </div>
    </div>
  );
}
