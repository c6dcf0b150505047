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
      <ProgressTrack
        label="Ad progress"
        progress={progress}
        valueText={`${progress}% — ${words}`}
        className="h-2.5"
        fill="bg-linear-to-r from-indigo-600 to-fuchsia-500"
      />
    </div>
  );
}

/** The bar itself: the ad's, its pack's and its revision's progress look alike. */
export function ProgressTrack({
  label,
  progress,
  valueText,
  className = 'h-2',
  fill = 'bg-indigo-600',
}: {
  label: string;
  progress: number;
  valueText?: string;
  className?: string;
  fill?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      aria-valuetext={valueText}
      className={`mt-2 overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div
        className={`h-full rounded-full ${fill} transition-[width] duration-700 motion-reduce:transition-none`}
        style={{ width: `${progress}%` }}
      />
    </div>
  );
}
