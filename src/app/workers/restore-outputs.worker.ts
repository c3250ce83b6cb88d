// The worker that derives restore batches off the main thread (docs/performance.md "Restore").
import { plainRestoreOutputs } from '../../core/wallet/restore/restore-outputs';
import type { DeriveReply, DeriveRequest } from './restore-output-pool';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DeriveRequest>) => void) | null;
  postMessage(reply: DeriveReply): void;
};

scope.onmessage = ({ data: { id, seed, keysetId, start, count } }) => {
  try {
    scope.postMessage({ id, outputs: plainRestoreOutputs(seed, keysetId, start, count) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
