// Persistence of the mint state as JSON files under the data dir, each written atomically.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MintState } from './types.ts';

/** Which file holds which part, so a swap rewrites the ledger but not the keys. */
const FILES = {
  keys: 'keysets.json',
  ledger: 'ledger.json',
  quotes: 'quotes.json',
} as const;

export type StatePart = keyof typeof FILES;

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export class MintStore {
  constructor(readonly dataDir: string) {}

  /** Deletes every file of ours in the data dir (the `fresh` start). */
  wipe(): void {
    for (const name of Object.values(FILES)) rmSync(join(this.dataDir, name), { force: true });
  }

  /** The saved state, or undefined when nothing was saved yet. */
  load(): Omit<MintState, 'identity' | 'keysets'> &
    Partial<Pick<MintState, 'identity' | 'keysets'>> {
    const keys = readJson<Pick<MintState, 'identity' | 'keysets'>>(join(this.dataDir, FILES.keys));
    const ledger = readJson<Partial<Pick<MintState, 'spent' | 'signatures' | 'pending'>>>(
      join(this.dataDir, FILES.ledger),
    );
    const quotes = readJson<Pick<MintState, 'mintQuotes' | 'meltQuotes'>>(
      join(this.dataDir, FILES.quotes),
    );
    return {
      identity: keys?.identity,
      keysets: keys?.keysets,
      spent: ledger?.spent ?? {},
      signatures: ledger?.signatures ?? {},
      pending: ledger?.pending ?? {},
      mintQuotes: quotes?.mintQuotes ?? {},
      meltQuotes: quotes?.meltQuotes ?? {},
    };
  }

  /**
   * Synchronous on purpose: a handler's checks and its write happen without yielding, so two
   * requests can never both spend one secret, and the answer is only sent once the state is on disk.
   */
  save(state: MintState, parts: StatePart[]): void {
    mkdirSync(this.dataDir, { recursive: true });
    for (const part of new Set(parts)) {
      const content =
        part === 'keys'
          ? { identity: state.identity, keysets: state.keysets }
          : part === 'ledger'
            ? { spent: state.spent, signatures: state.signatures, pending: state.pending }
            : { mintQuotes: state.mintQuotes, meltQuotes: state.meltQuotes };
      const target = join(this.dataDir, FILES[part]);
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(content));
      renameSync(temp, target);
    }
  }
}
