// A refund as an ecash token (docs/behaviour.md "Refunds"): the amount (what is left of the sale to
// start), checked here and again where the token is written, then the withdraw path builds it.
import { useState } from 'react';
import { errorMessage, ValidationError } from '../../core/errors';
import { checkRefund } from '../../core/receipts/refunds';
import { isWithdrawError } from '../../core/wallet/withdraw/withdraw-plan';
import { TextField } from '../../ui/forms/TextField';
import type { WalletServices } from './deps';
import {
  CASH_OUT_CANCEL,
  CREATE_TOKEN,
  REFUND_AMOUNT,
  REFUND_ECASH_HINT,
} from './locales/cash-out/en.json';
import type { ShownToken } from './use-withdraw';
import type { RefundTarget } from './use-cash-out';
import { useWalletWords } from './wallet-words';
import { withdrawErrorText } from './withdraw-errors';
import { Form } from '../../ui/forms/Form';
import { FormActions } from '../../ui/forms/FormActions';

export interface RefundEcashFormProps {
  target: RefundTarget;
  withdraw: Pick<WalletServices['withdraw'], 'createToken'>;
  logger: WalletServices['logger'];
  onToken: (shown: ShownToken) => void;
  onCancel: () => void;
}

export function RefundEcashForm({
  target,
  withdraw,
  logger,
  onToken,
  onCancel,
}: RefundEcashFormProps) {
  const { t, formats } = useWalletWords();
  const [amount, setAmount] = useState(String(target.left));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const sats = Number(amount);
    try {
      checkRefund(target.sale, target.refunds, sats);
    } catch (problem) {
      if (!(problem instanceof ValidationError)) throw problem;
      setError(withdrawErrorText(t, formats, { error: problem.message, cause: problem }));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      // Never swapped into fewer proofs: a fee would make the token less than the refund.
      const result = await withdraw.createToken({
        amount: sats,
        consolidate: false,
        refund: { ...target.link, method: 'ecash' },
      });
      if (isWithdrawError(result)) {
        setError(withdrawErrorText(t, formats, result));
        return;
      }
      onToken({ token: result.token, amount: result.amount, id: result.id });
    } catch (problem) {
      logger.error('Refund token failed', problem);
      setError(withdrawErrorText(t, formats, { error: errorMessage(problem), cause: problem }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form className="space-y-3" onSubmit={() => submit()}>
      <TextField
        label={t(REFUND_AMOUNT)}
        value={amount}
        onChange={(value) => setAmount(value.replace(/[^0-9]/g, ''))}
        error={error}
      />
      <p className="text-sm text-slate-600">{t(REFUND_ECASH_HINT)}</p>
      <FormActions
        cancel={t(CASH_OUT_CANCEL)}
        onCancel={onCancel}
        submit={t(CREATE_TOKEN)}
        disabled={amount === ''}
        busy={busy}
      />
    </Form>
  );
}
