// The revocation rules of a cashier link per person: whose link a message proves, what a revoked
// link can still land (a sale the mint calls paid, marked) and what it cannot, and what a
// cashier page reads from the profile.
import { describe, expect, it } from 'vitest';
import { isLinkRevoked } from '../remote-payments/cashier/cashier-link';
import {
  merchantProfileTemplate,
  parseMerchantProfile,
  type MerchantProfile,
} from '../remote-payments/merchant-profile';
import {
  judgeSender,
  quoteTakenFrom,
  type PairingCheck,
} from '../remote-payments/merchant/message-judgement';
import { publishedStaffPairings } from '../remote-payments/merchant/sales-inbox';
import { newPairingSecret, pairingId, provePairing } from '../remote-payments/pairing';
import type { PendingMintQuote } from '../wallet/mint/ports';
import { paymentMessageFixture } from '../../testing/remote-payments/payment-message-fixture';
import type { StaffMember } from './staff';
import { staffListFrom } from './staff';
import {
  memberLinkSecret,
  REVOKED_LINKS_KEPT,
  revokeLink,
  staffLinkChecks,
  staffPairings,
} from './staff-link';

const shop = newPairingSecret();
const ana: StaffMember = { id: 'ana', name: 'Ana', role: 'cashier' };
const bo: StaffMember = { id: 'bo', name: 'Bo', role: 'manager' };
const NOW = 1_767_225_600_000;

/** A message as a person's cashier page sends it: proven and signed with their link's secret. */
function sentWith(secret: Uint8Array, quote = 'q-1') {
  const message = paymentMessageFixture({ quote });
  message.pairing = provePairing(secret, message, true);
  return message;
}

/** The inbox's pairing inputs for this staff list, the profile published from `published`. */
function checksFor(staff: StaffMember[], published: StaffMember[] = staff): PairingCheck {
  const links = staffLinkChecks(staff, staffPairings(shop, published));
  return { secret: shop, acceptUnpaired: false, links };
}

function quote(state: PendingMintQuote['state']): PendingMintQuote {
  return {
    quote: 'q-1',
    mintUrl: 'http://127.0.0.1:3338',
    amount: 100,
    request: 'lnbc1u1pdev',
    kind: 'remote',
    state,
    createdAt: NOW,
    expiry: null,
  };
}

describe('a cashier link per person', () => {
  it('gives each person a secret of their own, neither the shop’s nor anyone else’s', () => {
    const a = memberLinkSecret(shop, ana);
    const b = memberLinkSecret(shop, bo);
    expect(pairingId(a)).not.toBe(pairingId(b));
    expect(pairingId(a)).not.toBe(pairingId(shop));
    expect(memberLinkSecret(shop, ana)).toEqual(a);
    expect(memberLinkSecret(newPairingSecret(), ana)).not.toEqual(a);
  });

  it('names the sender of a live link on the quote it takes', () => {
    const verdict = judgeSender(checksFor([ana, bo]), sentWith(memberLinkSecret(shop, ana)));
    expect(verdict).toMatchObject({
      kind: 'pass',
      paired: true,
      staff: { id: 'ana', name: 'Ana' },
    });
    expect(verdict.revoked).toBeUndefined();
    expect(quoteTakenFrom(verdict, quote('UNPAID'))?.staff).toEqual({
      id: 'ana',
      name: 'Ana',
      role: 'cashier',
    });
  });

  it('revoking one link gives that person a new one and leaves everyone else’s as it was', () => {
    const oldAna = memberLinkSecret(shop, ana);
    const revoked = revokeLink(shop, ana, NOW);
    expect(revoked.link).toEqual({
      revision: 1,
      revoked: [{ id: pairingId(oldAna), key: expect.any(String), at: NOW }],
    });
    expect(memberLinkSecret(shop, revoked)).not.toEqual(oldAna);
    const after = checksFor([revoked, bo]);
    expect(judgeSender(after, sentWith(memberLinkSecret(shop, bo))).revoked).toBeUndefined();
    expect(judgeSender(after, sentWith(memberLinkSecret(shop, revoked))).staff?.id).toBe('ana');
  });

  it('a revoked link’s unpaid sale is not taken, even before the new profile reached a relay', () => {
    const revoked = revokeLink(shop, ana, NOW);
    // The profile last published still names the old link as live: the list decides.
    const verdict = judgeSender(
      checksFor([revoked, bo], [ana, bo]),
      sentWith(memberLinkSecret(shop, ana)),
    );
    expect(verdict).toMatchObject({ kind: 'pass', revoked: true, staff: { id: 'ana' } });
    expect(quoteTakenFrom(verdict, quote('UNPAID'))).toBeUndefined();
  });

  it('a revoked link’s sale the mint calls paid still lands, marked as after revocation', () => {
    const revoked = revokeLink(shop, ana, NOW);
    const verdict = judgeSender(checksFor([revoked]), sentWith(memberLinkSecret(shop, ana)));
    expect(quoteTakenFrom(verdict, quote('PAID'))?.staff).toEqual({
      id: 'ana',
      name: 'Ana',
      role: 'cashier',
      afterRevocation: true,
    });
  });

  it('a link proves only its own id: a stranger naming it, or another person’s key, is refused', () => {
    const checks = checksFor([ana, bo]);
    const forged = sentWith(newPairingSecret());
    forged.pairing = { ...forged.pairing!, id: pairingId(memberLinkSecret(shop, ana)) };
    expect(judgeSender(checks, forged)).toMatchObject({ kind: 'refuse', refusal: 'unpaired' });
    // Bo's secret with Ana's id: Ana's key does not check Bo's signature.
    const swapped = sentWith(memberLinkSecret(shop, bo));
    swapped.pairing = { ...swapped.pairing!, id: pairingId(memberLinkSecret(shop, ana)) };
    expect(judgeSender(checks, swapped).kind).toBe('refuse');
  });

  it('a person taken off the staff list has no link left', () => {
    const verdict = judgeSender(checksFor([bo], [ana, bo]), sentWith(memberLinkSecret(shop, ana)));
    expect(verdict).toMatchObject({ kind: 'refuse', refusal: 'unpaired' });
  });

  it('keeps the newest revoked links only, and a restored list keeps them', () => {
    let member = ana;
    for (let i = 0; i < REVOKED_LINKS_KEPT + 3; i += 1) member = revokeLink(shop, member, NOW + i);
    expect(member.link?.revision).toBe(REVOKED_LINKS_KEPT + 3);
    expect(member.link?.revoked).toHaveLength(REVOKED_LINKS_KEPT);
    expect(member.link?.revoked?.[0]?.at).toBe(NOW + REVOKED_LINKS_KEPT + 2);
    const restored = staffListFrom(JSON.parse(JSON.stringify([member])));
    expect(restored[0]?.link).toEqual(member.link);
    expect(staffListFrom([{ ...ana, link: { revision: -1 } }])[0]?.link).toBeUndefined();
  });
});

describe('what a person’s cashier page reads from the profile', () => {
  function published(staff: StaffMember[]): MerchantProfile {
    const profile: MerchantProfile = {
      mints: ['http://127.0.0.1:3338'],
      relays: ['ws://127.0.0.1:7777'],
      pairingId: pairingId(shop),
      staffPairings: staffPairings(shop, staff),
    };
    const event = { ...merchantProfileTemplate(profile, 1), id: '', pubkey: '', sig: '' };
    return parseMerchantProfile(event)!;
  }

  it('publishes each live link’s id and key, never whose it is', () => {
    const profile: MerchantProfile = {
      mints: [],
      relays: [],
      staffPairings: staffPairings(shop, [ana]),
    };
    const tags = merchantProfileTemplate(profile, 1).tags;
    expect(JSON.stringify(tags)).not.toContain('ana');
    expect(published([ana, bo]).staffPairings).toHaveLength(2);
    expect(publishedStaffPairings(JSON.stringify(profile))[0]?.staff).toBe('ana');
  });

  it('a revoked person’s page says revoked, the others’ and the shop link go on', () => {
    const revoked = revokeLink(shop, ana, NOW);
    const profile = published([revoked, bo]);
    expect(isLinkRevoked(profile, memberLinkSecret(shop, ana), true)).toBe(true);
    expect(isLinkRevoked(profile, memberLinkSecret(shop, revoked), true)).toBe(false);
    expect(isLinkRevoked(profile, memberLinkSecret(shop, bo), true)).toBe(false);
    expect(isLinkRevoked(profile, shop)).toBe(false);
  });

  it('a person’s link stops when revoked even where unpaired links are accepted', () => {
    const profile = { ...published([revokeLink(shop, ana, NOW)]), pairingId: undefined };
    expect(isLinkRevoked(profile, memberLinkSecret(shop, ana), true)).toBe(true);
    // No profile found: unknown is not revoked (the merchant's inbox still judges).
    expect(isLinkRevoked(undefined, memberLinkSecret(shop, ana), true)).toBe(false);
  });
});
