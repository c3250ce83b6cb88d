// The Ledger contract (ledger-contract.ts) run against the in-memory ledger the wallet tests use.
import { ledgerContract } from './ledger-contract';
import { MemoryDb, memoryPorts } from './memory-ports';

ledgerContract('MemoryLedger', () => {
  const now = { value: 0 };
  const ports = memoryPorts(new MemoryDb(() => now.value));
  return {
    ledger: ports.ledger,
    proofs: ports.proofs,
    quotes: ports.quotes,
    history: ports.history,
    processedQuotes: ports.processedQuotes,
    withdrawals: ports.withdrawals,
    setNow: (ms) => {
      now.value = ms;
    },
  };
});
