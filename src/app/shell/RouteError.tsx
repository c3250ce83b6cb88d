// Error boundary element for the router: a clear message and a way out (reload). A screen whose
// code could not be downloaded (offline under the dev server, or an update replaced the files)
// says so in plain words instead of looking broken.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../ui/Button';

export const SCREEN_NOT_LOADED_TITLE = 'This screen could not load';
export const screenNotLoadedText = (online: boolean) =>
  online
    ? 'Its code could not be downloaded: the app may have been updated. Try again.'
    : 'This device is offline and this screen is not stored on it yet. Check the connection, then try again.';

/** A failed dynamic import, in the words of Chromium, Firefox and Safari. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.status === 404
      ? 'This page does not exist.'
      : `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-2xl font-bold text-slate-900">{SCREEN_NOT_LOADED_TITLE}</h1>
        <p className="text-slate-600">{screenNotLoadedText(navigator.onLine)}</p>
        <p className="text-slate-600">Your ecash is stored on this device and is not affected.</p>
        <div className="flex gap-3">
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            Go to Home
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">
        Cashew POS hit an unexpected error. Your ecash is stored on this device and is not affected.
      </p>
      <p className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-700">
        {describe(error)}
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          Go to Home
        </Button>
      </div>
    </div>
  );
}
