// Starts React on the page: prerendered pages (/, /terms, the 404 page) arrive with their HTML and
// are hydrated; the client-rendered shells (/success, the newsletter pages) start empty.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastProvider } from '#web/components/toast.tsx';
import { App } from './app.tsx';

export function startApp(root: HTMLElement): void {
  const app = (
    <StrictMode>
      <ToastProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
