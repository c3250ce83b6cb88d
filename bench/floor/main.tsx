// The bench's floor: the least a React page with the app's router can do. One button, rendered by
// React DOM through the data router (createBrowserRouter + RouterProvider, as src/app does), built
// by the app's own vite.config.ts (bench/lib/floor.mjs). The app's first screens are timed against it in one run.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

function FloorButton() {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" data-presses={presses} onClick={() => setPresses(presses + 1)}>
      Ready
    </button>
  );
}

const router = createBrowserRouter([{ path: '*', element: <FloorButton /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
