// The withdraw flow: choose the amount, prepare (fee first), confirm when swapping costs a fee,
// build, show the token.
import { useCallback, useMemo, useState } from 'react';
import {
  isFeeChanged,
  isWithdrawError,
  type ConsolidationPlan,
  type WithdrawError,
  type WithdrawPlan,
} from '../../core/wallet/withdraw/withdraw-plan';
import { useFormats, useTexts } from '../../ui/i18n';
import type { WalletServices } from './deps';
import { withdrawErrorText } from './withdraw-errors';
import type { FiatUnit } from '../../core/units/unit';

export interface ShownToken {
  token: string;
  /** in `unit`'s minor units when it names one, else sats */
  amount: number;
  unit?: FiatUnit;
  /** its pending withdrawal row, for Cancel token */
  id?: string;
}

export type WithdrawStep =
  | { step: 'idle' }
  | { step: 'busy' }
  /**
   * the amount step: how much of `available` (sats, or cents of `unit`) goes into the token;
   * `mintUrl`: a unit line of another mint than the current one
   */
  | { step: 'choose'; available: number; unit?: FiatUnit; mintUrl?: string }
  | {
      step: 'confirm';
      plan: WithdrawPlan & { consolidation: ConsolidationPlan };
      /** the mint chosen in the per-mint list; undefined = the current mint */
      target?: string;
      /** the amount the merchant confirmed (everything available then) */
      amount?: number;
    }
  | { step: 'shown'; shown: ShownToken };

/**
 * docs/behaviour.md "Withdraw": a withdraw error is logged and no modal opens. `onError` lets the screen add a brief
 * toast with the same text.
 */
export function useWithdraw(
  services: Pick<WalletServices, 'withdraw' | 'logger'>,
  onDone: () => void,
  onError: (message: string) => void,
) {
  const { withdraw, logger } = services;
  const [state, setState] = useState<WithdrawStep>({ step: 'idle' });
  const t = useTexts();
  const formats = useFormats();

  // start and build call each other: a fee that changed before the swap goes back to prepare.
  const { start, build, buildPart } = useMemo(() => {
    const fail = (refusal: WithdrawError) => {
      logger.error('Withdraw failed:', refusal.error);
      setState({ step: 'idle' });
      onError(withdrawErrorText(t, formats, refusal));
    };

    /**
     * `maxFee`: the consolidation fee the merchant saw (0 when none was shown). `target`: a mint
     * from the per-mint list; omitted = the current mint, as before there was a list.
     */
    const build = async (
      consolidate: boolean,
      maxFee: number,
      target?: string,
      amount?: number,
    ): Promise<void> => {
      setState({ step: 'busy' });
      // The confirmed amount goes along: a payment landing meanwhile must not enlarge the token.
      const result = await withdraw.createToken({
        consolidate,
        maxFee,
        ...(target === undefined ? {} : { mintUrl: target }),
        ...(amount === undefined ? {} : { amount }),
      });
      onDone();
      if (isWithdrawError(result)) {
        if (isFeeChanged(result)) {
          // Nothing was swapped: show the new fee before anything is charged.
          logger.warn('Withdraw fee changed since it was shown; asking again');
          onError(withdrawErrorText(t, formats, result));
          await start(target, amount);
          return;
        }
        fail(result);
        return;
      }
      setState({
        step: 'shown',
        shown: { token: result.token, amount: result.amount, id: result.id },
      });
    };

    const start = async (target?: string, amount?: number): Promise<void> => {
      setState({ step: 'busy' });
      const plan = await (target === undefined
        ? withdraw.prepare()
        : withdraw.prepare({ mintUrl: target }));
      if (isWithdrawError(plan)) {
        fail(plan);
        return;
      }
      // prepare() asked the mint: proofs spent elsewhere are gone, so "everything" is what is left.
      const wanted = amount === undefined ? undefined : Math.min(amount, plan.amount);
      const { consolidation } = plan;
      if (consolidation && consolidation.fee > 0) {
        // The merchant sees what combining costs before anything is swapped.
        setState({
          step: 'confirm',
          plan: { ...plan, consolidation },
          ...(target === undefined ? {} : { target }),
          ...(wanted === undefined ? {} : { amount: wanted }),
        });
        return;
      }
      await build(consolidation !== null, 0, target, wanted);
    };

    /**
     * A chosen amount below everything available (one split at the mint, no consolidation), or
     * any amount of the current mint's ecash in `unit`: one token in it.
     */
    const buildPart = async (amount: number, unit?: FiatUnit, mintUrl?: string): Promise<void> => {
      setState({ step: 'busy' });
      const result = await withdraw.createToken(
        unit ? { unit, amount, ...(mintUrl ? { mintUrl } : {}) } : { amount },
      );
      onDone();
      if (isWithdrawError(result)) {
        fail(result);
        return;
      }
      setState({
        step: 'shown',
        shown: {
          token: result.token,
          amount: result.amount,
          id: result.id,
          ...(unit ? { unit } : {}),
        },
      });
    };

    return { start, build, buildPart };
  }, [withdraw, logger, onDone, onError, t, formats]);

  const choose = useCallback((available: number) => setState({ step: 'choose', available }), []);
  /**
   * The amount step for the ecash in `unit` of the current mint (or of `mintUrl`, another mint's
   * unit line), from what of it is available now.
   */
  const chooseInUnit = useCallback(
    async (unit: FiatUnit, mintUrl?: string) => {
      const available = withdraw.unitAvailability
        ? (await withdraw.unitAvailability(unit, mintUrl)).available
        : 0;
      setState({ step: 'choose', available, unit, ...(mintUrl ? { mintUrl } : {}) });
    },
    [withdraw],
  );
  /** The merchant confirmed `amount` of `available`: everything goes the usual way. */
  const confirmAmount = useCallback(
    (amount: number, available: number, unit?: FiatUnit, mintUrl?: string) =>
      unit
        ? buildPart(amount, unit, mintUrl)
        : amount >= available
          ? start(undefined, amount)
          : buildPart(amount),
    [start, buildPart],
  );

  const show = useCallback((shown: ShownToken) => setState({ step: 'shown', shown }), []);
  const close = useCallback(() => setState({ step: 'idle' }), []);

  return { state, start, build, show, close, choose, chooseInUnit, confirmAmount };
}
