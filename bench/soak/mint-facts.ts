// What the soak asks the mint itself, never the app: NUT-07 states of proofs and what a melt cost
// (the dev mint's GET /dev/melt/{quote}). Asked with every fault switched off.
import { proofY } from '../../src/core/wallet/withdraw/spent-watch-client.ts';

export type ProofState = 'UNSPENT' | 'PENDING' | 'SPENT';

/** NUT-07 (POST /v1/checkstate) for each secret, a hundred at a time. */
export async function proofStates(
  mintUrl: string,
  secrets: Iterable<string>,
): Promise<Map<string, ProofState>> {
  const all = [...new Set(secrets)];
  const states = new Map<string, ProofState>();
  for (let start = 0; start < all.length; start += 100) {
    const batch = all.slice(start, start + 100);
    const bySecretY = new Map(batch.map((secret) => [proofY(secret), secret]));
    const response = await fetch(`${mintUrl}/v1/checkstate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Ys: [...bySecretY.keys()] }),
    });
    if (!response.ok) throw new Error(`checkstate answered ${response.status}`);
    const body = (await response.json()) as { states: Array<{ Y: string; state: ProofState }> };
    for (const entry of body.states) {
      const secret = bySecretY.get(entry.Y);
      if (secret !== undefined) states.set(secret, entry.state);
    }
  }
  return states;
}

export interface MeltFacts {
  state: string;
  amount: number;
  feePaid: number;
}

/** The dev mint's record of a melt quote: its state and the routing fee it took. */
export async function meltFacts(mintUrl: string, quote: string): Promise<MeltFacts | undefined> {
  const response = await fetch(`${mintUrl}/dev/melt/${encodeURIComponent(quote)}`);
  if (!response.ok) return undefined;
  const body = (await response.json()) as {
    state: string;
    amount: number;
    fee_paid: number | null;
  };
  return { state: body.state, amount: body.amount, feePaid: body.fee_paid ?? 0 };
}
