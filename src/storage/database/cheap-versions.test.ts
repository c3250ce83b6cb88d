// declareVersions builds the same versions, schema and tables as Dexie's own per-call path.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { declareVersions } from './cheap-versions';
import { CashewDb } from './db';

interface Internals {
  _versions: {
    _cfg: {
      version: number;
      storesSource: Record<string, string | null> | null;
      dbschema: Record<string, { primKey: { src: string }; indexes: { src: string }[] }>;
      contentUpgrade: unknown;
    };
  }[];
  _dbSchema: Internals['_versions'][number]['_cfg']['dbschema'];
}

const schemaOf = (schema: Internals['_dbSchema']) =>
  Object.fromEntries(
    Object.entries(schema).map(([table, s]) => [
      table,
      [s.primKey.src, ...s.indexes.map((index) => index.src)],
    ]),
  );

/** Everything the declarations leave on a database, in comparable form. */
function shape(db: Dexie) {
  const internals = db as unknown as Internals;
  return {
    verno: db.verno,
    versions: internals._versions.map(({ _cfg }) => ({
      version: _cfg.version,
      source: _cfg.storesSource,
      schema: schemaOf(_cfg.dbschema),
      upgrade: _cfg.contentUpgrade !== null,
    })),
    schema: schemaOf(internals._dbSchema),
    tables: db.tables.map((t) => [
      t.name,
      t.schema.primKey.src,
      t.schema.indexes.map((i) => i.src),
    ]),
  };
}

/** A small history with a dropped table, a changed index and an upgrade. */
function declareSample(db: Dexie) {
  db.version(1).stores({ a: '&id, x', gone: '&k' });
  db.version(2).stores({ b: '++id' });
  db.version(3).stores({ gone: null, a: '&id, x, y' });
  db.version(3).stores({ c: '&[p+q]' });
  db.version(5)
    .stores({ b: '++id, *tags' })
    .upgrade(() => undefined);
}

describe('declareVersions', () => {
  it('leaves the same versions, schema and tables as plain Dexie calls', () => {
    const plain = new Dexie('plain-sample');
    declareSample(plain);
    const cheap = new Dexie('cheap-sample');
    declareVersions(cheap, () => declareSample(cheap));
    expect(shape(cheap)).toEqual(shape(plain));
    expect(shape(cheap).tables.map(([name]) => name)).toEqual(['a', 'b', 'c']);
  });

  it("builds the app's database as its plain declarations do", () => {
    const plain = new Dexie('plain-cashew');
    // The app's declarations, run on a bare database without the helper.
    (CashewDb.prototype as unknown as { declareVersions(this: Dexie): void }).declareVersions.call(
      plain,
    );
    expect(shape(new CashewDb('cheap-cashew'))).toEqual(shape(plain));
  });

  it('opens and writes as a plain database', async () => {
    const db = new Dexie('cheap-open');
    declareVersions(db, () => declareSample(db));
    await db.table('c').put({ p: 1, q: 2, v: 'x' });
    expect(await db.table('c').get([1, 2])).toEqual({ p: 1, q: 2, v: 'x' });
    expect(db.backendDB().version).toBe(50);
    db.close();
  });

  it('gives Dexie its own stores back, even when a declaration throws', () => {
    const db = new Dexie('cheap-throws');
    const stores = db.Version.prototype.stores;
    expect(() =>
      declareVersions(db, () => {
        throw new Error('bad declaration');
      }),
    ).toThrow('bad declaration');
    expect(db.Version.prototype.stores).toBe(stores);
    // Later databases parse as usual: a bad spec is refused at once.
    expect(() => new Dexie('after').version(1).stores({ t: '++id, ++x' })).toThrow(
      'Only primary key can be marked as autoIncrement',
    );
  });
});
