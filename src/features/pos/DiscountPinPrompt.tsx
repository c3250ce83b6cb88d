// The merchant PIN asked before a discount where only the merchant or a manager may give one
// (docs/behaviour.md "Items, cart and tips"); a right PIN opens the gate as any PIN prompt does.
import { Modal } from '../../ui/Modal';
import { PinPrompt, type PinPromptProps } from '../../ui/pin/PinPrompt';
import { useTexts } from '../../ui/i18n';
import { PIN_PROMPT_TITLE } from '../../ui/locales/pin/en.json';
import { CART_DISCOUNT_PIN } from '../../ui/locales/cart/en.json';

/** The prompt's gate and answers; its title and text are the discount's own. */
type DiscountPinPromptProps = Required<Pick<PinPromptProps, 'gate' | 'onUnlocked' | 'onCancel'>>;

export default function DiscountPinPrompt(props: DiscountPinPromptProps) {
  const t = useTexts();
  return (
    <Modal open onClose={props.onCancel} title={t(PIN_PROMPT_TITLE)}>
      <PinPrompt
        {...props}
        title={t(PIN_PROMPT_TITLE)}
        text={t(CART_DISCOUNT_PIN)}
        showTitle={false}
      />
    </Modal>
  );
}
