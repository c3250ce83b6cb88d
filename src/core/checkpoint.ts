// The moments between the steps of the wallet's multi-step writes, named so tests can stop there.

/**
 * Each name is a point after one durable step and before the next. A page that dies there must
 * still end with the money stored once after the next start (see docs/architecture.md, "Money
 * under interruption"): every step is either one transaction with the one before it, or repaired
 * at start-up.
 */
export type WriteStep =
  /** a remote quote was claimed and persisted as pending; nothing watches it yet */
  | 'remote:claimed'
  /** counters for a mint's outputs were reserved; the quote row does not record them yet */
  | 'mint:counters-reserved'
  /** the quote row records the reservation; the mint request was not sent */
  | 'mint:reservation-recorded'
  /** a locked sale's backup is stored on this device; its outputs are not journaled yet */
  | 'mint:backup-kept'
  /** a locked till's random outputs are journaled on the quote row; no mint request yet */
  | 'mint:outputs-journaled'
  /** a locked sale's backup was offered to the relays (taken or waited for); no mint request yet */
  | 'mint:backup-offered'
  /** the mint signed the outputs; the proofs are not stored */
  | 'mint:signed'
  /** counters for a consolidation swap were reserved; no journal row yet */
  | 'swap:counters-reserved'
  /** the swap's journal row is written; the swap was not sent */
  | 'swap:journaled'
  /** the mint answered the swap; its outputs are not stored */
  | 'swap:signed'
  /** a withdrawal's proofs are final; its watched token row is not written */
  | 'withdraw:token-built'
  /** a customer's ecash passed its checks and is journaled; no counters reserved yet */
  | 'ecash:journaled'
  /** counters for the ecash swap's outputs were reserved; the journal does not record them yet */
  | 'ecash:counters-reserved'
  /** the ecash journal records the reservation; the swap was not sent */
  | 'ecash:reservation-recorded'
  /** a locked till's ecash journal records its random outputs; the swap was not sent */
  | 'ecash:outputs-journaled'
  /** the mint answered the ecash swap; its outputs are not stored */
  | 'ecash:signed'
  /** ecash of another mint is journaled with both quotes; its melt was not sent */
  | 'foreign:journaled'
  /** the other mint answered the melt; our invoice's state was not asked yet */
  | 'foreign:melted'
  /** a restore scan's row is written; no batch has been asked for yet */
  | 'restore:scheduled'
  /** a mint's sales taken while locked are restored and stored; its phrase walk has not begun */
  | 'restore:locked-recorded'
  /** one restore batch is stored with its counter and progress; the scan has not ended */
  | 'restore:batch-recorded'
  /** counters for a melt's NUT-08 blank outputs were reserved; no melt row yet */
  | 'melt:counters-reserved'
  /** the melt row is written and its inputs are out of the balance; the melt was not sent */
  | 'melt:journaled'
  /** the mint answered the melt PAID; inputs, change and event are not stored */
  | 'melt:paid'
  /** change the melt reply left out was restored (NUT-09); inputs, change and event not stored */
  | 'melt:change-restored'
  /** a PIN change sealed every secret under the new key; the one write storing them has not run */
  | 'pin:resealed';

/**
 * Called at each WriteStep. The app passes none. A test passes one that never settles at a chosen
 * step, which freezes that operation there as a closed tab would, then starts afresh on the same
 * storage.
 */
export type Checkpoint = (step: WriteStep) => void | Promise<void>;

export const noCheckpoint: Checkpoint = () => {};
