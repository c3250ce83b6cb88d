// The sales inbox key (decision 0030, point 7): which quotes it signs, what the merchant's own
// published profile says a locked till checks pairing with, and the inboxes run side by side.
import { getPublicKey } from 'nostr-tools/pure';
import type { RemotePaymentInbox } from './inbox';
import type { MerchantProfile } from '../merchant-profile';
import type { StaffMember } from '../../staff/staff';
import { staffLinkChecks, type StaffLinkCheck, type StaffPairing } from '../../staff/staff-link';

/** The sales inbox key when a quote's NUT-20 lock (`02`/`03` + x) names it, else undefined. */
export function salesKeyForLock(
  key: Uint8Array,
  quotePubkey: string,
  keyPubkey: string = getPublicKey(key),
): Uint8Array | undefined {
  const lock = quotePubkey.toLowerCase();
  return lock.length === 66 && lock.slice(2) === keyPubkey ? key : undefined;
}

/**
 * The pairing key of the profile this device last published (what cashiers read), or undefined:
 * a locked till cannot open the secret, so it checks the link's signature with this key.
 */
export function publishedPairingKey(published: string | undefined): string | undefined {
  if (!published) return undefined;
  try {
    const profile = JSON.parse(published) as Partial<MerchantProfile>;
    return typeof profile.pairingKey === 'string' ? profile.pairingKey : undefined;
  } catch {
    return undefined;
  }
}

/** Each person's live link in the profile this device last published, with whose it is. */
export function publishedStaffPairings(published: string | undefined): StaffPairing[] {
  if (!published) return [];
  try {
    const links = (JSON.parse(published) as Partial<MerchantProfile>).staffPairings;
    if (!Array.isArray(links)) return [];
    return links.filter(
      (l) => typeof l?.id === 'string' && typeof l.key === 'string' && typeof l.staff === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * The staff links the inbox checks: revoked ones from the list, live ones as last published
 * (core/staff/staff-link.ts `staffLinkChecks`).
 */
export async function staffLinksFor(
  staff: (() => Promise<readonly StaffMember[]>) | undefined,
  published: () => Promise<string | undefined>,
): Promise<{ links?: StaffLinkCheck[] }> {
  if (!staff) return {};
  const [list, text] = await Promise.all([staff(), published()]);
  const links = staffLinkChecks(list, publishedStaffPairings(text));
  return links.length > 0 ? { links } : {};
}

/** What the app drives on its inboxes. */
export type InboxControl = Pick<
  RemotePaymentInbox,
  'start' | 'stop' | 'restart' | 'whenIdle' | 'cleanupProcessed' | 'isListening' | 'isActive'
>;

/**
 * The identity inbox (wraps to the Nostr key; waits for the PIN) and the sales inbox (wraps to
 * the sales inbox key; listens while locked), started, stopped and restarted together.
 */
export function inboxesTogether(identity: InboxControl, sales: InboxControl): InboxControl {
  return {
    start: async () => {
      await Promise.all([identity.start(), sales.start()]);
    },
    stop: async () => {
      await Promise.all([identity.stop(), sales.stop()]);
    },
    restart: async () => {
      await Promise.all([identity.restart(), sales.restart()]);
    },
    whenIdle: async () => {
      await Promise.all([identity.whenIdle(), sales.whenIdle()]);
    },
    cleanupProcessed: () => identity.cleanupProcessed(),
    get isListening() {
      return identity.isListening && sales.isListening;
    },
    get isActive() {
      return identity.isActive && sales.isActive;
    },
  };
}
