import type { Stage } from '#shared/contract.ts';
import { stageWords } from '#web/features/order-status/order-display.ts';

export function ProgressBar({ progress, stage }: { progress: number; stage: Stage }) {
  const words = stageWords[stage];
  return (
    <div className="mt-6">
      <div className="flex justify-between gap-3 text-sm font-medium text-slate-700">
        <span>{words}</span>
        <span aria-hidden="true">{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Ad progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}% — ${words}`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-indigo-600 to-fuchsia-500 transition-[width] duration-700 motion-reduce:transition-none"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
