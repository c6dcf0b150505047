// The site's toasts, drawn by sonner. One <Toaster/> is mounted for the whole app (by
// <ToastProvider>, which app/start.tsx wraps around the router); features call `showToast` (or the
// `useToast` hook) with a title, an optional description and a tone.
// sonner (~9 KB gzip) is not needed until there is something to say, so it loads as its own
// chunk with the first toast (the home page's JS budget, docs/budgets.md); that toast waits for it
// (sonner keeps it until its Toaster subscribes).
import { type ComponentType, type CSSProperties, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

const loadSonner = () => import('sonner');

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: 'success' | 'error' | 'info';
}

type Tone = NonNullable<ToastMessage['tone']>;

/**
 * How long a toast stays, by tone. Longer than the spec's 5000 ms accessible default so the
 * longest message (the rate limit, ~20 words) can be read at a slow pace; errors stay longest.
 * sonner also pauses the timer while the pointer is over the toasts, while they have focus (F8)
 * and while the tab is hidden.
 */
export const toastDurationMs: Record<Tone, number> = { info: 6000, success: 6000, error: 10_000 };

// Whether any toast was asked for yet: the toaster (and sonner) mount with the first one.
let toastRequested = false;
const toastListeners = new Set<() => void>();
function subscribeToFirstToast(listener: () => void): () => void {
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}

export function showToast(message: ToastMessage): void {
  if (!toastRequested) {
    toastRequested = true;
    for (const listener of toastListeners) listener();
  }
  const tone = message.tone ?? 'info';
  const options = { description: message.description, duration: toastDurationMs[tone] };
  loadSonner().then(
    ({ toast }) => toast[tone](message.title, options),
    // The chunk could not load (offline on first visit): nothing can draw the toast.
    (error: unknown) => console.error('Could not load the toast library.', error),
  );
}

/** The hook form of `showToast`, for components that prefer it. */
export function useToast(): (message: ToastMessage) => void {
  return showToast;
}

// sonner's own rich colours miss WCAG AA contrast for its 13 px text (about 4.3:1); these pass
// (7:1 and more). Custom properties set inline override sonner's theme stylesheet.
const toneColors = {
  '--success-bg': '#ecfdf5',
  '--success-border': '#6ee7b7',
  '--success-text': '#064e3b',
  '--error-bg': '#fff1f2',
  '--error-border': '#fda4af',
  '--error-text': '#881337',
  '--info-bg': '#ffffff',
  '--info-border': '#cbd5e1',
  '--info-text': '#0f172a',
} as CSSProperties;

/**
 * At the top: at the bottom a toast lands over the order button just pressed, which is usually
 * low on the screen — on a phone, where sonner lays toasts full width (600 px and
 * down), and often beside the form's column on a laptop too. Fields with an error are scrolled
 * to the middle of the screen, clear of them.
 */
const toasterPosition = () => (window.matchMedia('(max-width: 600px)').matches ? 'top-center' : 'top-right');

// A failed chunk load renders nothing rather than taking the whole app down with it.
const LazyToaster = lazy<ComponentType>(() =>
  loadSonner().then(
    ({ Toaster }) => ({
      default: () => (
        <Toaster
          position={toasterPosition()}
          hotkey={['F8']}
          containerAriaLabel="Notifications"
          richColors
          closeButton
          visibleToasts={3}
          style={toneColors}
          toastOptions={{ closeButtonAriaLabel: 'Dismiss notification' }}
        />
      ),
    }),
    () => ({ default: () => null }),
  ),
);

/** The one toast viewport: a polite live region named "Notifications F8"; F8 moves focus to it. */
export function SiteToaster() {
  // Drawn with the first toast: the prerendered HTML carries no toaster, hydration does not wait
  // for sonner, and a page that never toasts never loads it.
  const requested = useSyncExternalStore(
    subscribeToFirstToast,
    () => toastRequested,
    () => false,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

/** Mounts the app's <SiteToaster/> once beside the app. Mount either this or <SiteToaster/>, not both. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <SiteToaster />
    </>
  );
}
