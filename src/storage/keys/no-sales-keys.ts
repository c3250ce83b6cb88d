// The database's sales keys when no till lock is attached (tests, tools): nothing is sealed and
// nothing sealed opens (decision 0030).
import type { SalesKeys } from '../../core/lock';

export const NO_SALES_KEYS: SalesKeys = {
  init: () => Promise.resolve(),
  salesPublicKey: () => undefined,
  salesOpener: () => undefined,
};
