// NUT-03 swap, NUT-07 checkstate and NUT-09 restore: the operations on proofs and signed outputs.
import type { MintContext } from './context.ts';
import { ErrorCode, MintError } from './errors.ts';
import { checkSpendingConditions } from './p2pk.ts';
import { checkSameUnit } from './units.ts';
import { checkInputs, checkOutputs, inputFee, signBlinded, signChecked } from './signing.ts';
import type { BlindedMessageWire, ProofState, SignatureRecord } from './types.ts';
import { asArray, asHex, asObject, parseOutputs, parseProofs, sum } from './wire.ts';

export function proofStateView(ctx: MintContext, Y: string) {
  const state: ProofState =
    ctx.state.spent[Y] !== undefined
      ? 'SPENT'
      : ctx.state.pending[Y] !== undefined
        ? 'PENDING'
        : 'UNSPENT';
  return { Y, state, witness: null };
}

/** Marks inputs spent in memory; the caller persists and then calls `announceSpent`. */
export function spendInputs(ctx: MintContext, inputs: { Y: string }[]): void {
  const at = Date.now();
  for (const { Y } of inputs) {
    ctx.state.spent[Y] = at;
    delete ctx.state.pending[Y];
  }
}

/** Pushes the current state of these proofs to NUT-17 subscribers. */
export function announceSpent(ctx: MintContext, inputs: { Y: string }[]): void {
  for (const { Y } of inputs) ctx.notify('proof_state', Y, proofStateView(ctx, Y));
}

export function recordSignatures(
  ctx: MintContext,
  outputs: BlindedMessageWire[],
  signatures: SignatureRecord[],
): void {
  for (const [i, sig] of signatures.entries()) {
    const B_ = outputs[i]?.B_;
    if (B_) ctx.state.signatures[B_] = sig;
  }
}

export function swap(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  const proofs = parseProofs(req.inputs);
  const inputs = checkInputs(ctx.keyring, proofs, ctx.state.spent, ctx.state.pending);
  const outputs = parseOutputs(req.outputs);
  const checked = checkOutputs(ctx.keyring, outputs, ctx.state.signatures);
  checkSameUnit(inputs[0]?.keyset.unit, checked[0]?.keyset.unit, 'outputs');
  checkSpendingConditions(proofs, outputs);
  const fee = inputFee(inputs);
  const inputAmount = sum(inputs.map((i) => i.proof));
  if (inputAmount - fee !== sum(outputs)) {
    throw new MintError(
      ErrorCode.notBalanced,
      `inputs (${inputAmount}) - fees (${fee}) != outputs (${sum(outputs)})`,
    );
  }
  const signatures = signChecked(checked);
  spendInputs(ctx, inputs);
  recordSignatures(ctx, outputs, signatures);
  ctx.persist(['ledger']);
  announceSpent(ctx, inputs);
  return { signatures };
}

export function checkState(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  const Ys = asArray(req.Ys, 'Ys').map((Y, i) => asHex(Y, `Ys[${i}]`));
  return { states: Ys.map((Y) => proofStateView(ctx, Y)) };
}

/**
 * The `signEveryOutput` fault's answer for an output never signed: a real 1-sat signature with a
 * valid DLEQ, not stored, as a mint inventing a balance would give (README "Fault switches").
 */
function inventSignature(
  ctx: MintContext,
  output: BlindedMessageWire,
): SignatureRecord | undefined {
  try {
    const keyset = ctx.keyring.get(output.id);
    const key = ctx.keyring.privateKey(keyset, 1);
    return key ? signBlinded(keyset, key, 1, output.B_) : undefined;
  } catch {
    return undefined;
  }
}

export function restore(ctx: MintContext, body: unknown, options: { signEvery?: boolean } = {}) {
  const req = asObject(body, 'body');
  const outputs = parseOutputs(req.outputs, true);
  const found: { output: BlindedMessageWire; signature: SignatureRecord }[] = [];
  for (const output of outputs) {
    const signature =
      ctx.state.signatures[output.B_] ??
      (options.signEvery ? inventSignature(ctx, output) : undefined);
    if (signature) found.push({ output: { ...output, amount: signature.amount }, signature });
  }
  const signatures = found.map((f) => f.signature);
  // `promises` is the pre-2024 name of `signatures`; old wallets still read it.
  return { outputs: found.map((f) => f.output), signatures, promises: signatures };
}
