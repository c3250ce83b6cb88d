// The withdraw flow: prepare (fee first), confirm when swapping costs a fee, build, show the token.
import { useCallback, useState } from 'react';
import type { ConsolidationPlan, WithdrawPlan } from '../../core/wallet/withdraw-plan';
import type { WalletServices } from './deps';

export interface ShownToken {
  token: string;
  amount: number;
}

export type WithdrawStep =
  | { step: 'idle' }
  | { step: 'busy' }
  | { step: 'confirm'; plan: WithdrawPlan & { consolidation: ConsolidationPlan } }
  | { step: 'shown'; shown: ShownToken };

/**
 * SPEC §8: a withdraw error is logged and no modal opens. `onError` lets the screen add a brief
 * toast with the same text.
 */
export function useWithdraw(
  services: Pick<WalletServices, 'withdraw' | 'logger'>,
  onDone: () => void,
  onError: (message: string) => void,
) {
  const { withdraw, logger } = services;
  const [state, setState] = useState<WithdrawStep>({ step: 'idle' });

  const fail = useCallback(
    (message: string) => {
      logger.error('Withdraw failed:', message);
      setState({ step: 'idle' });
      onError(message);
    },
    [logger, onError],
  );

  const build = useCallback(
    async (consolidate: boolean) => {
      setState({ step: 'busy' });
      const result = await withdraw.createToken({ consolidate });
      onDone();
      if ('error' in result) {
        fail(result.error);
        return;
      }
      setState({ step: 'shown', shown: { token: result.token, amount: result.amount } });
    },
    [withdraw, onDone, fail],
  );

  const start = useCallback(async () => {
    setState({ step: 'busy' });
    const plan = await withdraw.prepare();
    if ('error' in plan) {
      fail(plan.error);
      return;
    }
    const { consolidation } = plan;
    if (consolidation && consolidation.fee > 0) {
      // The merchant sees what combining costs before anything is swapped.
      setState({ step: 'confirm', plan: { ...plan, consolidation } });
      return;
    }
    await build(consolidation !== null);
  }, [withdraw, fail, build]);

  const show = useCallback((shown: ShownToken) => setState({ step: 'shown', shown }), []);
  const close = useCallback(() => setState({ step: 'idle' }), []);

  return { state, start, build, show, close };
}
