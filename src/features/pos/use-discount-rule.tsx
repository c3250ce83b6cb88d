// Who may give a discount at this till (Settings, "Who may give discounts"): anyone, or only the
// merchant or a manager, a cashier then asked for the merchant PIN (docs/behaviour.md "Items, cart and tips",
// docs/decisions/0066-staff-roles-and-shifts.md for the roles).
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { DiscountPermission } from '../../core/settings/books-settings';
import { can } from '../../core/staff/roles';
import type { StaffRef } from '../../core/staff/staff';
import type { DiscountPin } from './deps';

// Loaded when a PIN is asked for a discount: most tills never ask it.
const DiscountPinPrompt = lazy(() => import('./DiscountPinPrompt'));

export interface DiscountRule {
  /** runs `then` once the person may give a discount; undefined: this till gives none */
  ask?: (then: () => void) => void;
  /** the PIN prompt while one is asked; render it beside the cart */
  prompt: ReactNode;
}

/**
 * `permission` undefined: the shop's rule is not read yet, no discount is offered. A person on the
 * staff list whose role may give discounts (a manager, the owner) is not asked the PIN.
 */
export function useDiscountRule(
  permission: DiscountPermission | undefined,
  staff: StaffRef | undefined,
  pin: DiscountPin | undefined,
): DiscountRule {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const free = permission === 'anyone' || (staff !== undefined && can(staff.role, 'discount'));
  const ask = useCallback(
    (then: () => void) => {
      if (free) return then();
      if (!pin) return;
      const prompt = () => setPending(() => then);
      void pin.open().then((open) => (open ? then() : prompt()), prompt);
    },
    [free, pin],
  );
  const offered = permission !== undefined && (free || pin !== undefined);
  const prompt =
    pending && pin ? (
      <Suspense fallback={null}>
        <DiscountPinPrompt
          gate={pin}
          onUnlocked={() => {
            setPending(null);
            pending();
          }}
          onCancel={() => setPending(null)}
        />
      </Suspense>
    ) : null;
  return { ...(offered ? { ask } : {}), prompt };
}
