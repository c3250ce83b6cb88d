// The merchant PIN asked before a discount where only the merchant or a manager may give one
// (docs/behaviour.md "Items, cart and tips"); a right PIN opens the gate as any PIN prompt does.
import { Modal } from '../../ui/Modal';
import { PinPrompt } from '../../ui/pin/PinPrompt';
import { useTexts } from '../../ui/i18n';
import { PIN_PROMPT_TITLE } from '../../ui/locales/pin/en.json';
import { CART_DISCOUNT_PIN } from '../../ui/locales/cart/en.json';
import type { DiscountPin } from './deps';

export default function DiscountPinPrompt({
  pin,
  onUnlocked,
  onCancel,
}: {
  pin: DiscountPin;
  onUnlocked: () => void;
  onCancel: () => void;
}) {
  const t = useTexts();
  return (
    <Modal open onClose={onCancel} title={t(PIN_PROMPT_TITLE)}>
      <PinPrompt
        gate={pin}
        title={t(PIN_PROMPT_TITLE)}
        text={t(CART_DISCOUNT_PIN)}
        showTitle={false}
        onUnlocked={onUnlocked}
        onCancel={onCancel}
      />
    </Modal>
  );
}
