// How the router gets services: the light base at once, the whole set (cashu-ts, nostr-tools) only
// when a screen or start-up work needs it, so the welcome screen's first load stays small.
import type { BaseServices } from './base-services';
import type { AppServices } from './services';

export interface ServiceSource {
  base: BaseServices;
  /** Resolves with the whole set; the first call loads it, later calls share that one load. */
  load(): Promise<AppServices>;
}

/** The app's source: `complete` (a dynamic import) runs once, on the first load(). */
export function deferredServices(
  base: BaseServices,
  complete: () => Promise<AppServices>,
): ServiceSource {
  let loading: Promise<AppServices> | null = null;
  return {
    base,
    load() {
      // A failed load (e.g. a chunk that did not download) is retried by the next caller.
      loading ??= complete().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}

/** Tests and callers that built every service already. */
export function readyServices(services: AppServices): ServiceSource {
  return { base: services, load: () => Promise.resolve(services) };
}
