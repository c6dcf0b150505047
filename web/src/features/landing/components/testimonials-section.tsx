// Testimonials (docs/product.md "Screens and routes"): three quotes and a 'Trusted by teams at' row. The words and names are
// seed values in config.site until real customers' replace them (docs/deploy.md "Launch checklist").
import { config } from '#shared/config.ts';
import { SectionIntro } from './section-intro.tsx';

const { testimonials, trustedBy, socialProof } = config.site;

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionIntro
          eyebrow="Testimonials"
          id="testimonials-heading"
          title="Marketers ship more creative with ReelFive"
          text={`Rated ${socialProof.rating}/5 from ${socialProof.reviewCount} reviews.`}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.author}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <Stars rating={testimonial.rating} />
                <blockquote className="mt-4 flex-1 text-slate-800">
                  <p>“{testimonial.text}”</p>
                </blockquote>
                <figcaption className="mt-6">
                  <span className="block font-semibold text-slate-900">{testimonial.author}</span>
                  <span className="block text-sm text-slate-600">
                    {testimonial.role}, {testimonial.company}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <div className="mt-14 text-center">
          <p className="text-sm font-semibold text-slate-600">Trusted by teams at</p>
          <ul className="mt-4 flex flex-wrap items-center justify-center gap-x-10 gap-y-3">
            {trustedBy.map((company) => (
              <li key={company} className="text-lg font-bold tracking-tight text-slate-500">
                {company}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5 text-amber-500">
      {Array.from({ length: 5 }, (_, index) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-5 ${index < rating ? '' : 'text-slate-300'}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
        </svg>
      ))}
    </div>
  );
}
