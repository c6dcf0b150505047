// A section with no behaviour (no state, no handlers) on a prerendered page. Its HTML is already
// in the page, so hydrating it needs none of its code: on the first render in the browser it
// takes over the HTML it finds as it is, and the section's text is not sent a second time inside
// the page's script (the home page's JS budget, docs/budgets.md). Reached by a client-side
// navigation, where the page has no such HTML, it renders its (lazy) component, which then
// loads. The prerender (entry-server.tsx) resolves lazy components before it writes the HTML.
import { type ComponentType, Suspense, useState } from 'react';

export function PrerenderedSection({ name, Section }: { name: string; Section: ComponentType }) {
  const [prerendered] = useState(() => prerenderedHtml(name));
  // `contents`: the wrapper takes no box, so the section lays out as if it were not there.
  if (prerendered !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML, written by this build's prerender and read back from the page.
    return <div data-prerendered={name} className="contents" dangerouslySetInnerHTML={{ __html: prerendered }} />;
  }
  return (
    <div data-prerendered={name} className="contents">
      <Suspense>
        <Section />
      </Suspense>
    </div>
  );
}

/** The section's HTML as the prerender wrote it, while the page still holds it (hydration). */
function prerenderedHtml(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector(`[data-prerendered="${name}"]`)?.innerHTML;
}
