// Money-out actions behind the merchant PIN (docs/behaviour.md "Merchant PIN"): a guard for one
// action (Withdraw, Cash out, Save Settings, the phrase …) and a wrapper for a whole panel (the
// Connect link, Settings). Features use these for every action listed under "The gate" in
// docs/security.md "The merchant PIN"; a PIN entered here opens the gate for 3 minutes, and nothing
// else extends it.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Modal } from '../Modal';
import { PinPrompt, type PinCheck, type PinGate } from './PinPrompt';
import { PIN_PROMPT_TITLE } from '../locales/pin/en.json';
import { useTexts } from '../i18n';

/** The prompt's check through the gate, so a right PIN opens it. */
function useGateCheck(gate: PinGate | undefined): PinCheck | undefined {
  return useMemo(
    () => gate && { enter: (pin: string) => gate.openGate(pin), waitMs: () => gate.waitMs() },
    [gate],
  );
}

/**
 * `guard(action)` runs the action at once while the gate is open (or without a PIN), else asks
 * for the PIN first; render `prompt` somewhere in the screen.
 */
export function usePinGate(gate: PinGate | undefined) {
  const t = useTexts();
  const [pending, setPending] = useState<{ run: () => void } | null>(null);
  const check = useGateCheck(gate);
  const guard = useCallback(
    (action: () => void) => {
      if (!gate || gate.gateOpen()) return action();
      // Closed may mean "not read yet" (a tap right after start): ask only once the lock knows.
      const ask = () => setPending({ run: action });
      void gate.init().then(() => (gate.gateOpen() ? action() : ask()), ask);
    },
    [gate],
  );
  const prompt =
    pending && check ? (
      <Modal open onClose={() => setPending(null)} title={t(PIN_PROMPT_TITLE)}>
        <PinPrompt
          gate={check}
          title={t(PIN_PROMPT_TITLE)}
          showTitle={false}
          onUnlocked={() => {
            setPending(null);
            pending.run();
          }}
          onCancel={() => setPending(null)}
        />
      </Modal>
    ) : null;
  return { guard, prompt };
}

/** How often an open panel checks whether the gate closed meanwhile. */
const RECHECK_MS = 1_000;

/**
 * Shows `children` while the gate is open, the PIN prompt otherwise (nothing until the lock knows
 * whether a PIN is set); locks again on expiry.
 */
export function PinGated({ gate, children }: { gate: PinGate | undefined; children: ReactNode }) {
  const t = useTexts();
  const [open, setOpen] = useState<boolean | null>(() => (!gate || gate.gateOpen() ? true : null));
  const check = useGateCheck(gate);
  useEffect(() => {
    if (!gate) return;
    let active = true;
    const recheck = () => active && setOpen(gate.gateOpen());
    void gate.init().then(recheck, recheck);
    const timer = setInterval(recheck, RECHECK_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [gate]);
  if (open || !check) return <>{children}</>;
  if (open === null) return null;
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow">
      <PinPrompt gate={check} title={t(PIN_PROMPT_TITLE)} onUnlocked={() => setOpen(true)} />
    </div>
  );
}
