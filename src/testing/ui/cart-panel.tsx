// The cart panel rendered for a test: a fixed summary, nothing to tip, nothing parked, every
// callback a spy unless the test gives its own.
import { vi } from 'vitest';
import type { Language } from '../../core/i18n/messages';
import { CartPanel, type CartPanelProps } from '../../ui/cart/CartPanel';
import type { SummaryView } from '../../ui/cart/types';
import { renderIn } from './render-in';

/** Renders the cart showing `view` in `language` (English when none) and returns its props. */
export function renderCartPanel(
  view: SummaryView,
  given: Partial<CartPanelProps> = {},
  language?: Language,
): CartPanelProps {
  const props: CartPanelProps = {
    summaryFor: () => view,
    tipsEnabled: false,
    parked: [],
    busy: false,
    onQuantity: vi.fn(),
    onAddCustom: vi.fn(),
    onClear: vi.fn(),
    onPark: vi.fn(),
    onRecall: vi.fn(),
    onCharge: vi.fn(),
    ...given,
  };
  renderIn(<CartPanel {...props} />, language);
  return props;
}
