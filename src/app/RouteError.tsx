// Error boundary element for the router: a clear message and a way out (reload).
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/Button';

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
