// Prefetch of the next screens' code: once the first screen is interactive and the browser idle,
// the files index.html lists for it (app/start-up/next-screens.ts) are fetched into the HTTP cache and not
// run, unless the connection is metered or asks to save data. Its own chunk, loaded when it runs.
// docs/decisions/0037-prefetch-next-screens.md
import { firstScreenAt } from './first-screen-at';
import { listedFiles } from './listed-files';
import { NEXT_SCREENS_META } from './next-screens';

/** The parts of navigator.connection (Network Information API, Chromium only) read here. */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

/**
 * No prefetch when the merchant asked to save data, the link is slow (2g) or is a cellular one:
 * the files then load on the tap, as without a prefetch.
 */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  if (connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g') return false;
  return connection.type !== 'cellular';
}

/**
 * Adds a `<link rel="prefetch">` for each file the first screen at `pathname` lists, once per
 * page (marked on the meta tag): fetch only, at the lowest priority, so the files are not run until
 * a tap imports them. Each link is removed once its file is fetched: the file stays in the HTTP
 * cache, and Vite's preload helper skips any file a `<link>` still names, so a link left in place
 * would stop it preloading a screen's files together and the tap would fetch them one import level
 * at a time (docs/decisions/0037-prefetch-next-screens.md). Returns the files asked for.
 */
export function prefetchNextScreens(
  doc: Document,
  pathname: string,
  connection: ConnectionHints | undefined,
  /** Called once every file asked for has arrived or failed (not called when none was asked). */
  onFetched?: () => void,
): string[] {
  const screen = firstScreenAt(pathname);
  if (!screen || !prefetchAllowed(connection)) return [];
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${NEXT_SCREENS_META}"]`);
  if (meta?.dataset.prefetched === 'true') return [];
  if (meta) meta.dataset.prefetched = 'true';
  const files = listedFiles(doc, NEXT_SCREENS_META, screen);
  let waiting = files.length;
  for (const file of files) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    // The same request mode as the module import that will use it.
    link.crossOrigin = 'anonymous';
    link.as = 'script';
    link.href = file;
    const done = () => {
      link.remove();
      waiting -= 1;
      if (waiting === 0) onFetched?.();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    doc.head.append(link);
  }
  return files;
}
