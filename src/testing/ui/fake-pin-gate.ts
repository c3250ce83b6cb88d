// Test helper: a merchant PIN gate the test opens and closes by hand, taking one right PIN; it
// records every PIN typed, so a test can tell a wrong one was checked and changed nothing.
import type { PinGate } from '../../ui/pin/PinPrompt';

export const RIGHT_PIN = '4821';

export function fakePinGate(open = false): {
  gate: PinGate;
  state: { open: boolean; entered: string[] };
} {
  const state = { open, entered: [] as string[] };
  const gate: PinGate = {
    gateOpen: () => state.open,
    waitMs: async () => 0,
    openGate: async (pin) => {
      state.entered.push(pin);
      state.open = pin === RIGHT_PIN;
      return state.open ? { ok: true } : { ok: false, waitMs: 0, wrong: true };
    },
    init: async () => {},
  };
  return { gate, state };
}
