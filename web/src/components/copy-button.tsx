// A button that copies a text (an order id support asks for) and says so where the buyer looks.
import { useState } from 'react';
import { secondaryButton } from './styles.ts';

type CopyState = 'idle' | 'copied' | 'failed';

const stateWords: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Copy failed — select the ID and copy it',
};

/** `label`: what the button copies, read by screen readers ("Copy order ID"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const copy = () =>
    // The Clipboard API needs a secure context (https, or localhost); elsewhere it is missing.
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} aria-label={label} className={`${secondaryButton} px-3 py-1.5`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M7 3a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7Zm4 12v1H4V8h1v5a2 2 0 0 0 2 2h4Zm3-3H7V5h7v7Z" />
        </svg>
        Copy
      </button>
      <span role="status" className="text-sm font-medium text-slate-700">
        {stateWords[state]}
      </span>
    </span>
  );
}
