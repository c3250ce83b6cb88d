// The Ledger contract (src/testing/wallet/ledger-contract.ts) run against the Dexie ledger.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { testStorage, type TestStorage } from '../../testing/storage/db';
import { ledgerContract } from '../../testing/wallet/ledger-contract';

const opened: TestStorage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

ledgerContract('DexieLedger', () => {
  const s = testStorage();
  opened.push(s);
  return {
    ledger: s.ledger,
    proofs: s.proofs,
    quotes: s.mintQuotes,
    history: s.history,
    processedQuotes: s.processedQuotes,
    withdrawals: s.withdrawals,
    setNow: (ms) => {
      s.now.value = ms;
    },
  };
});
