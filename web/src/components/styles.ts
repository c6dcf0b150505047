// Class lists shared by more than one component, so buttons and fields look alike everywhere.
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-indigo-600 px-6 py-3 text-base font-semibold text-white shadow-sm shadow-indigo-900/20 transition hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-indigo-400';

export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 transition hover:bg-slate-50';

export const fieldLabel = 'block text-sm font-semibold text-slate-800';

export const fieldControl =
  'mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-indigo-500 aria-invalid:border-rose-500 aria-invalid:ring-1 aria-invalid:ring-rose-500';

export const fieldHint = 'mt-1.5 text-sm text-slate-600';

/** A hint that warns (a choice with a cost the buyer should know of), in the hint's place. */
export const fieldWarning = 'mt-1.5 text-sm font-medium text-amber-900';

export const card = 'rounded-2xl border border-slate-200 bg-white shadow-sm';
