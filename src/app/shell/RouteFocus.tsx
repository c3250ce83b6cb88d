// Each route's document title in the language shown, and focus on the new screen's heading after a navigation.
import { useContext, useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { LanguageContext } from '../../ui/i18n';
import { PRODUCT_NAME } from './NavShell';

/** A route's `handle`: the screen's name in the document title, in English (app/locales/titles). */
export interface RouteHandle {
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as { title?: unknown }).title === 'string'
  );
}

/** "Wallet · Cashew POS"; the product name alone where no route names its screen. */
export function documentTitle(screen: string | undefined): string {
  return screen ? `${screen} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Focus goes to the screen's first h1, so a screen reader announces the new screen and Tab starts
 * from its top. Not on the first load: the browser starts at the top of the page anyway, and the
 * keypad takes keys from the window whatever is focused. A screen whose code is still loading
 * gets it once its heading appears. A link to a part of a screen (`/settings#phrase-check`) keeps
 * the scroll that part asks for. `leaving`: the heading of a screen still on the page that the
 * new one replaces (the prerendered welcome under a tap start-up kept, app/start-up/start.tsx).
 */
export function focusHeadingWhenShown(keepScroll: boolean, leaving?: Element | null): () => void {
  const focus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('h1');
    if (!heading || heading === leaving) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: keepScroll });
    return true;
  };
  if (focus()) return () => {};
  const observer = new MutationObserver(() => {
    if (focus()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export function RouteFocus() {
  const matches = useMatches();
  const { pathname, hash } = useLocation();
  const firstPath = useRef(pathname);
  const moved = useRef(false);

  const { titles } = useContext(LanguageContext);
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const screen = isRouteHandle(handle) ? handle.title : undefined;
  // In the language shown (app/start-up/other-languages.ts); a new language renames the tab.
  const title = documentTitle(screen && (titles?.[screen] ?? screen));
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (!moved.current && pathname === firstPath.current) return;
    moved.current = true;
    return focusHeadingWhenShown(hash !== '');
    // Only a new screen moves focus; the hash is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return null;
}
