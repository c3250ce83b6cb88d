// A held price jump and the two answers to it, for any screen that reads a price service's view
// (the merchant's keypad, a cashier's page): the new price is taken only if it is still the one
// shown, and the screen reads the price again after either answer
// (docs/behaviour.md "Prices in the merchant's currency").
import { useCallback, useMemo } from 'react';
import type { PriceJump } from './PriceJumpConfirm';

/** The price service's two answers (core/prices/price-service.ts PriceService has them). */
export interface JumpAnswers {
  acceptNewPrice(price: number): Promise<unknown>;
  keepSatsOnly(): Promise<unknown>;
}

export interface HeldJump {
  jump: PriceJump | null;
  useNewPrice: () => Promise<void>;
  keepSatsOnly: () => Promise<void>;
}

function jumpOf(view: { kind: string } | undefined): PriceJump | null {
  if (view?.kind !== 'jump') return null;
  const { currency, source, percent, last, next } = view as { kind: 'jump' } & PriceJump;
  return { currency, source, percent, last, next };
}

/**
 * `view`: the price service's current view; `answered`: read the price again; `failed`: an answer
 * that could not be stored (logged by the caller; the price is read again all the same).
 */
export function usePriceJump(
  view: { kind: string } | undefined,
  answers: JumpAnswers | undefined,
  answered: () => void,
  failed: (error: unknown) => void,
): HeldJump {
  const jump = useMemo(() => jumpOf(view), [view]);
  const answer = useCallback(
    async (choice: (prices: JumpAnswers) => Promise<unknown>) => {
      if (!answers) return;
      try {
        await choice(answers);
      } catch (error) {
        failed(error);
      }
      answered();
    },
    [answers, answered, failed],
  );
  const nextPrice = jump?.next.price;
  const useNewPrice = useCallback(
    () =>
      answer((p) => (nextPrice === undefined ? Promise.resolve() : p.acceptNewPrice(nextPrice))),
    [answer, nextPrice],
  );
  const keepSatsOnly = useCallback(() => answer((p) => p.keepSatsOnly()), [answer]);
  return { jump, useNewPrice, keepSatsOnly };
}
