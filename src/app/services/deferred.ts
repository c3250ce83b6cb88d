// How the router gets services: the light base at once, the whole set (cashu-ts, nostr-tools) only
// when a screen or start-up work needs it, so the welcome screen's first load stays small. Also the
// one generic stand-in for services still loading (deferredCalls), the keypad's services' base.
import type { BaseServices } from './base';
import type { AppServices } from './complete';

export interface ServiceSource {
  base: BaseServices;
  /** Resolves with the whole set; the first call loads it, later calls share that one load. */
  load(): Promise<AppServices>;
  /**
   * The same load, started no sooner than the first screen has painted: for what the shell and
   * the keypad ask for as they mount, so asking never holds up that paint. A route that cannot
   * render without the services (its `lazy`) uses load().
   */
  afterFirstPaint(): Promise<AppServices>;
  /** Resolves once the first screen has painted; loads nothing. */
  firstPaint(): Promise<void>;
}

/**
 * The app's source: `complete` (a dynamic import) runs once, on the first load(). `firstPaint`
 * resolves once the first screen has painted (app/start-up/first-paint.ts).
 */
export function deferredServices(
  base: BaseServices,
  complete: () => Promise<AppServices>,
  firstPaint: Promise<void> = Promise.resolve(),
): ServiceSource {
  let loading: Promise<AppServices> | null = null;
  const load = () => {
    // A failed load (e.g. a chunk that did not download) is retried by the next caller.
    loading ??= complete().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return { base, load, afterFirstPaint: () => firstPaint.then(load), firstPaint: () => firstPaint };
}

/** Tests and callers that built every service already. */
export function readyServices(services: AppServices): ServiceSource {
  const load = () => Promise.resolve(services);
  return { base: services, load, afterFirstPaint: load, firstPaint: () => Promise.resolve() };
}

/** The methods of S, callable before it has loaded: each resolves with what the method returns. */
export type Deferred<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

/**
 * Calls on something that loads later (the app's services), usable at once: `call` waits for the
 * load and resolves with the result; `methods` does the same for each named method of one service
 * (the names are listed because the object must be real, e.g. spread by app/routes/routes.tsx: a Proxy
 * would have no keys); `fire` ignores the outcome (calls keep their order: each runs in a callback
 * on the same load promise); `listen` attaches as soon as the load is done and detaches whether or
 * not it was by then. A failed load rejects `call` and `methods` only; the next call retries it
 * (the caller of the load logs the failure).
 */
export function deferredCalls<T>(load: () => Promise<T>) {
  const call = <R>(use: (loaded: T) => R | PromiseLike<R>): Promise<R> => load().then(use);
  return {
    call,
    methods<K extends PropertyKey, S extends Record<K, (...args: never[]) => unknown>>(
      service: (loaded: T) => S,
      names: readonly K[],
    ): Deferred<Pick<S, K>> {
      const forward = (name: K) => [
        name,
        (...args: unknown[]) =>
          call((loaded): unknown => {
            const target = service(loaded);
            return Reflect.apply(target[name], target, args);
          }),
      ];
      return Object.fromEntries(names.map(forward)) as Deferred<Pick<S, K>>;
    },
    fire(use: (loaded: T) => unknown): void {
      call(use).catch(() => {});
    },
    listen(attach: (loaded: T) => () => void): () => void {
      let off: (() => void) | null = null;
      let active = true;
      call((loaded) => {
        if (active) off = attach(loaded);
      }).catch(() => {});
      return () => {
        active = false;
        off?.();
      };
    },
  };
}
