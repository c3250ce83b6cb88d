// Whether this page is going away: services that must not take a request the browser aborted at
// unload for the far side's answer ask it (docs/architecture.md "Restore").
type PageEvents = Pick<EventTarget, 'addEventListener'>;

/** True from `pagehide` until the page comes back from the back-forward cache (`pageshow`). */
export function pageClosingFlag(page: PageEvents | undefined = globalThis.window): () => boolean {
  let closing = false;
  page?.addEventListener('pagehide', () => {
    closing = true;
  });
  page?.addEventListener('pageshow', () => {
    closing = false;
  });
  return () => closing;
}
