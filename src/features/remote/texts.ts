// User-visible texts of the remote cashier page (docs/behaviour.md "Remote cashier").
import { formatSats } from '../../ui/format-sats';
/**
 * The heading reads 'Creating invoices for {npub}', or 'Creating invoices for {shop}' when the
 * link names the shop; the name or npub follows this prefix.
 */
export const CREATING_INVOICES_FOR = 'Creating invoices for';
/** Under a heading with the shop's name: the key the invoices really go to. */
export const MERCHANT_KEY_LABEL = 'Merchant key:';

export const OWN_KEY_STEPS = [
  'Use a different device or browser',
  'Generate a new connection QR code',
  'Scan it with the remote device',
] as const;

/** The mint says PAID: the merchant's device mints the proofs, and its receipt says when it did. */
export const PAID_WAITING_TEXT = 'Paid, waiting for the merchant...';
/** The merchant's receipt arrived: its amount, not grouped. */
export const merchantConfirmed = (amount: number) =>
  `Merchant confirmed ${formatSats(amount)} sats`;
/** The merchant's profile names another pairing secret: its messages would be ignored. */
export const LINK_REVOKED_TEXT =
  'This cashier link is no longer valid. Ask the merchant for a new link.';
/** While the merchant's profile is read on opening (at most the relay timeout). */
export const CHECKING_LINK_TEXT = 'Looking up the merchant’s payment settings...';
/** No relay stored the message: the merchant would never see the payment, so no invoice. */
export const RELAY_UNREACHABLE_TEXT =
  '❌ Could not reach the merchant over the relays, so no invoice is shown. Check the connection and try again.';

/** The mint this page sells on, from the merchant's signed profile: its name (from /v1/info) and host. */
export const MINT_LABEL = 'Mint:';
/** No signed profile listing a mint was found: the page does not know where the merchant takes sales. */
export const NO_PROFILE_TITLE = 'Merchant not found';
/** The link's `?mint=` is not one the merchant accepts: it was not used. */
export const LINK_MINT_REFUSED_TEXT =
  'This link names a mint the merchant does not accept. Payments go to the merchant’s mint shown here.';
/** The mint cannot lock invoices to the merchant and the merchant does not take unlocked ones. */
export const NEEDS_LOCKING_TEXT =
  '❌ This mint cannot lock invoices to the merchant, so no invoice is shown. Ask the merchant for a mint that locks quotes.';
/** The merchant's newest profile no longer lists this page's mint. */
export const MINT_NOT_ACCEPTED_TEXT =
  '❌ The merchant no longer takes payments on this mint, so no invoice is shown. Reload this page.';

/** The catalog's texts on the cashier (docs/behaviour.md "Remote cashier", items). */
export const KEYPAD_TAB = 'Keypad';
export const fiatEntryText = (currency: string) => `Enter an amount in ${currency}`;
