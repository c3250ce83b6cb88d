// "Customer display" beside the cart: opens the display in a window of its own, which the merchant
// moves to the screen facing the customer (docs/behaviour.md "Customer display").
import { Button } from '../../ui/Button';
import { useTexts } from '../../ui/i18n';
import { CUSTOMER_DISPLAY } from './locales/display/en.json';

/** One window, reused: a second tap brings the display back instead of opening another. */
const WINDOW_NAME = 'cashew-pos-display';

export function CustomerDisplayButton() {
  const t = useTexts();
  return (
    <Button
      variant="outline"
      className="mt-3 w-full"
      onClick={() => window.open('/display', WINDOW_NAME, 'popup,width=900,height=700')}
    >
      {t(CUSTOMER_DISPLAY)}
    </Button>
  );
}
