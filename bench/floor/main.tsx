// The bench's floor: the least a React page with the app's router can do. One button, rendered by
// React DOM through the data router (createBrowserRouter + RouterProvider, as src/app does), built
// by the app's own vite.config.ts (bench/lib/floor.mjs). The app's first screens are timed against it in one run.
// Its "Next" button renders a second route already loaded (twelve words): the floor of a tap that
// changes screens (bench/taps.mjs).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, useNavigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';

function FloorButton() {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" data-presses={presses} onClick={() => setPresses(presses + 1)}>
      Ready
    </button>
  );
}

function FirstScreen() {
  const navigate = useNavigate();
  return (
    <>
      <FloorButton />
      <button type="button" onClick={() => void navigate('/next')}>
        Next
      </button>
    </>
  );
}

const WORDS =
  'abandon ability able about above absent absorb abstract absurd abuse access accident';

function SecondScreen() {
  return (
    <ol>
      {WORDS.split(' ').map((word) => (
        <li key={word} data-testid="phrase-word">
          {word}
        </li>
      ))}
    </ol>
  );
}

const router = createBrowserRouter([
  { path: '/next', element: <SecondScreen /> },
  { path: '*', element: <FirstScreen /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
