// Declares a Dexie database's versions at the cost of one schema pass instead of one per call.
// Dexie's `Version.stores()` (and `db.version(n)`, which calls it) re-parses every version's
// stores and rebuilds the tables each time, so declaring V versions costs V² table parses: the
// app's 27 versions took about a third of the script time of opening /wallet in a CPU profile
// (docs/performance.md "Wallet at scale"). The final state depends only on each version's stores source, which is
// what is recorded here; the last call builds every version's schema and the tables at once.
import type { Dexie, Version } from 'dexie';

interface VersionInternals {
  _cfg: { storesSource: Record<string, string | null> | null };
}

type StoresFn = Version['stores'];

/**
 * Runs `declare` (the `db.version(n).stores(...).upgrade(...)` calls) with `stores` only noting
 * its spec, then builds the schema once. The same object results as with plain calls (tested in
 * cheap-versions.test.ts against Dexie's own path). `declare` must not open the database.
 */
export function declareVersions(db: Dexie, declare: () => void): void {
  // Dexie's Version class, shared by every database (its prototype holds `stores`).
  const versionProto = db.Version.prototype as { stores: StoresFn };
  const stores = versionProto.stores;
  // Synchronous: no other database can declare versions while the prototype is swapped.
  versionProto.stores = function noteStores(this: Version & VersionInternals, spec) {
    const cfg = this._cfg;
    // Dexie's own merge (dexie.mjs Version.prototype.stores).
    cfg.storesSource = cfg.storesSource ? Object.assign(cfg.storesSource, spec) : spec;
    return this;
  };
  try {
    declare();
  } finally {
    versionProto.stores = stores;
  }
  // One real pass: every version's schema, the tables and their API, as the last call builds them.
  if (db.verno > 0) db.version(db.verno).stores({});
}
