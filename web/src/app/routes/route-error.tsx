// The fallback for anything a page throws while rendering (docs/product.md "Screens and routes": 'Unexpected Application
// Error!' with the error's message), e.g. a page's code that fails to load.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '#shared/paths.ts';
import { primaryButton } from '#web/components/styles.ts';

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function RouteError({ error }: { error: unknown }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-4 rounded-xl bg-rose-50 p-4 font-mono text-sm text-rose-900">{errorMessage(error)}</p>
      <Link to={paths.home} className={`${primaryButton} mt-8`}>
        Return to Home
      </Link>
    </div>
  );
}

/** Catches a page's error and shows RouteError; keyed by path, so navigating away resets it. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render.', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
