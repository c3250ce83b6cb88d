// Error boundary element for the router: a clear message and a way out (reload). A screen whose
// code could not be downloaded (offline under the dev server, or an update replaced the files)
// says so in plain words instead of looking broken.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../ui/Button';
import { useTexts, type Translate } from '../../ui/i18n';
import {
  ECASH_NOT_AFFECTED,
  ERROR_TEXT,
  ERROR_TITLE,
  GO_HOME,
  PAGE_MISSING,
  RELOAD,
  SCREEN_NOT_LOADED_OFFLINE,
  SCREEN_NOT_LOADED_ONLINE,
  SCREEN_NOT_LOADED_TITLE,
  SCREEN_TRY_AGAIN,
  UNKNOWN_ERROR,
} from '../locales/shell/en.json';

/** A failed dynamic import, in the words of Chromium, Firefox and Safari. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

function describe(error: unknown, t: Translate): string {
  if (isRouteErrorResponse(error)) {
    return error.status === 404 ? t(PAGE_MISSING) : `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error && error.message) return error.message;
  return t(UNKNOWN_ERROR);
}

export function RouteError() {
  const error = useRouteError();
  const t = useTexts();
  const goHome = (
    <Button variant="outline" onClick={() => window.location.assign('/')}>
      {t(GO_HOME)}
    </Button>
  );
  if (isChunkLoadError(error)) {
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-2xl font-bold text-slate-900">{t(SCREEN_NOT_LOADED_TITLE)}</h1>
        <p className="text-slate-600">
          {t(navigator.onLine ? SCREEN_NOT_LOADED_ONLINE : SCREEN_NOT_LOADED_OFFLINE)}
        </p>
        <p className="text-slate-600">{t(ECASH_NOT_AFFECTED)}</p>
        <div className="flex gap-3">
          <Button onClick={() => window.location.reload()}>{t(SCREEN_TRY_AGAIN)}</Button>
          {goHome}
        </div>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{t(ERROR_TITLE)}</h1>
      <p className="text-slate-600">{t(ERROR_TEXT)}</p>
      <p className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-700">
        {describe(error, t)}
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>{t(RELOAD)}</Button>
        {goHome}
      </div>
    </div>
  );
}
