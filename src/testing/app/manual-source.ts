// A service source whose load a test finishes (or fails) by hand: for the stand-ins that serve a
// screen before the app's services have loaded (app/services/pos.ts, wallet-first.ts).
import { WalletEvents } from '../../core/events';
import { silentLogger } from '../../core/logger';
import type { BaseServices } from '../../app/services/base';
import type { AppServices } from '../../app/services/complete';
import type { ServiceSource } from '../../app/services/deferred';

/** `base`: fields added to the base services (events and a silent logger by default). */
export function manualSource(full: Partial<AppServices>, base: Partial<BaseServices> = {}) {
  const services = {
    events: new WalletEvents(),
    logger: silentLogger,
    ...base,
  } as unknown as BaseServices;
  let loads = 0;
  let finish!: (ok: boolean) => void;
  const loading = new Promise<AppServices>((resolve, reject) => {
    finish = (ok) => (ok ? resolve(full as AppServices) : reject(new Error('chunk failed')));
  });
  loading.catch(() => {});
  const load = () => {
    loads += 1;
    return loading;
  };
  const source: ServiceSource = {
    base: services,
    load,
    afterFirstPaint: load,
    firstPaint: () => Promise.resolve(),
  };
  return { source, finish, loads: () => loads };
}
