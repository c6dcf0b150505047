// Examples (docs/product.md "Screens and routes", anchor #examples): three real ads made by our renderer. A click plays a
// card with sound, a second click pauses it, and starting one pauses the others.

import { anchors } from '#shared/paths.ts';
import { type ExampleAd, exampleAds, exampleVoice } from '#web/features/landing/example-ads.ts';
import { useExamplePlayback } from '#web/features/landing/hooks/use-example-playback.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { SectionIntro } from './section-intro.tsx';

export function ExamplesSection() {
  const { playing, toggle, stopped, register } = useExamplePlayback(exampleAds.length);
  return (
    <section id={anchors.examples} aria-labelledby="examples-heading" className="scroll-mt-6 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionIntro
          eyebrow="Examples"
          id="examples-heading"
          title="Real ads, made by the same engine you'll use"
          text="Each was made by the engine from a business's details and one product shot. Tap a card to play it with sound."
        />
        <ul className="mx-auto mt-12 grid max-w-xs gap-8 sm:max-w-none sm:grid-cols-3 lg:gap-10">
          {exampleAds.map((example, index) => (
            <li key={example.id}>
              <ExampleCard
                example={example}
                isPlaying={playing === index}
                onToggle={() => toggle(index)}
                onStopped={() => stopped(index)}
                videoRef={register(index)}
              />
            </li>
          ))}
        </ul>
        {exampleVoice === 'local' && (
          <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-slate-600">
            These examples are read by the offline voice our test machines use. The ad you order is read by one of
            Amazon Polly's neural voices.
          </p>
        )}
      </div>
    </section>
  );
}

interface ExampleCardProps {
  example: ExampleAd;
  isPlaying: boolean;
  onToggle: () => void;
  onStopped: () => void;
  videoRef: (video: HTMLVideoElement | null) => void;
}

function ExampleCard({ example, isPlaying, onToggle, onStopped, videoRef }: ExampleCardProps) {
  // Playing needs React: until it runs the button is disabled, rather than looking ready and
  // ignoring the click.
  const hydrated = useHydrated();
  return (
    <figure className="mx-auto w-full max-w-72">
      <div className="relative aspect-9/16 overflow-hidden rounded-3xl bg-slate-200 shadow-lg ring-1 ring-slate-900/10">
        <video
          ref={videoRef}
          className="size-full object-cover"
          width={432}
          height={768}
          poster={example.poster}
          src={example.video}
          preload="none"
          playsInline
          onEnded={onStopped}
          onPause={onStopped}
        >
          {/* The voice-over's lines, also burned into the picture (tools/render-examples.ts writes the track). */}
          <track kind="captions" src={example.captions} srcLang="en" label="English" />
        </video>
        {/* The whole card is the button; its icon sits in the bottom-right corner, which the ads
            keep free of captions (the platforms' own buttons live there), so it never covers one. */}
        <button
          type="button"
          onClick={onToggle}
          disabled={!hydrated}
          aria-label={`${isPlaying ? 'Pause' : 'Play'} the ${example.title} example with sound`}
          className="group absolute inset-0 flex items-end justify-end rounded-3xl p-4 focus-visible:outline-offset-[-4px]"
        >
          <span
            aria-hidden="true"
            className={`flex size-14 items-center justify-center rounded-full bg-slate-950/70 text-white shadow-lg motion-safe:transition group-hover:bg-indigo-600 ${isPlaying ? 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100' : ''}`}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-7" fill="currentColor">
              {isPlaying ? (
                <path d="M6 4h3v12H6zM11 4h3v12h-3z" />
              ) : (
                <path d="M6.5 4.5v11a.5.5 0 0 0 .77.42l8.5-5.5a.5.5 0 0 0 0-.84l-8.5-5.5a.5.5 0 0 0-.77.42Z" />
              )}
            </svg>
          </span>
        </button>
      </div>
      <figcaption className="mt-4 flex items-baseline justify-between gap-3">
        <span className="font-semibold text-slate-900">{example.title}</span>
        <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-sm font-medium text-indigo-800">
          {example.style}
        </span>
      </figcaption>
    </figure>
  );
}
