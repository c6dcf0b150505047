// The eyebrow, heading and lead paragraph that open each landing section.
export function SectionIntro({
  eyebrow,
  id,
  title,
  text,
}: {
  eyebrow: string;
  id: string;
  title: string;
  text?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {text ? <p className="mt-4 text-lg text-slate-700">{text}</p> : null}
    </div>
  );
}
