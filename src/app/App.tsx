// Top-level React tree: the router plus the toast container that outlives page changes.
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router';
import { Toaster } from '../ui/toaster';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
      <Toaster />
    </StrictMode>
  );
}
