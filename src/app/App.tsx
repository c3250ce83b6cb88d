// Top-level React tree: the router plus the toast container that outlives page changes.
import { lazy, StrictMode, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router';

// react-toastify loads after the first screen; toasts raised before it mounts are queued by it.
const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })));

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </StrictMode>
  );
}
