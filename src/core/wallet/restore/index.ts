// Public surface of core/wallet/restore: the phrase restore scan and its storage port.
export {
  RestoreService,
  RESTORE_BATCH_SIZE,
  RESTORE_EMPTY_BATCHES,
  RESTORE_COUNTER_LIMIT,
  startBound,
  widen,
  type RestoreProgress,
  type RestoreProgressListener,
  type RestoreFinishedListener,
  type RestoreServiceDeps,
} from './restore-service';
export {
  NO_RESTORE_SUPPORT_MESSAGE,
  SIGNS_ANYTHING_MESSAGE,
  counterLimitMessage,
  refusedSignaturesMessage,
  keysetsGoneMessage,
  unreachableMessage,
} from './restore-messages';
export type {
  KeysetScan,
  MintScan,
  MintScanStatus,
  RestoreLedger,
  RestoreOutcome,
  RestoreScanRow,
} from './types';
