// A tiny accessible toast: one message at a time (a new one replaces the old), announced through
// a polite live region, closed after 5 s unless the pointer or focus is on it; F8 focuses it.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: 'success' | 'error' | 'info';
}

export const toastDurationMs = 5000;

type ShowToast = (toast: ToastMessage) => void;
const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>.');
  return show;
}

const toneStyles = {
  success: 'border-emerald-200 bg-white text-slate-900',
  error: 'border-rose-300 bg-rose-50 text-rose-950',
  info: 'border-slate-200 bg-white text-slate-900',
} as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(ToastMessage & { key: number }) | null>(null);
  const [paused, setPaused] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const show = useCallback<ShowToast>((next) => setToast({ ...next, key: Date.now() }), []);
  const dismiss = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = setTimeout(dismiss, toastDurationMs);
    return () => clearTimeout(timer);
  }, [toast, paused, dismiss]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') viewport.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      <section
        aria-label="Notifications (F8)"
        ref={viewport}
        tabIndex={-1}
        className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:justify-end"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
          {toast && (
            <div
              key={toast.key}
              className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg shadow-slate-900/10 ${toneStyles[toast.tone ?? 'info']}`}
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{toast.title}</p>
                {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
              </div>
              <button
                type="button"
                onClick={dismiss}
                aria-label="Dismiss notification"
                className="-m-1 rounded-md p-1 text-current opacity-70 hover:opacity-100"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            </div>
          )}
        </div>
      </section>
    </ToastContext>
  );
}
