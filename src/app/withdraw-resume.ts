// Resuming withdrawal watches at start-up, so a token redeemed while the app was closed is settled.
import type { Logger } from '../core/logger';

export interface WithdrawResumeDeps {
  withdraw: { resumeAll(): Promise<void> };
  config: { isOnboarded(): Promise<boolean> };
  logger: Logger;
}

/** Only an onboarded device has proofs and withdrawals. Never rejects; failures are logged. */
export async function resumeWithdrawals(deps: WithdrawResumeDeps): Promise<void> {
  try {
    if (!(await deps.config.isOnboarded())) return;
    await deps.withdraw.resumeAll();
  } catch (error) {
    deps.logger.error('Resuming withdrawal watches failed', error);
  }
}
