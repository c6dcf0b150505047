import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router.tsx';
import { ToastProvider } from './components/toast.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <RouterProvider router={createRouter()} />
    </ToastProvider>
  </StrictMode>,
);
