// The remote cashier of the soak: the app's cashier page in Node (its own database, no wallet),
// opened from the merchant's connection link as features/remote opens it, selling through the
// RemoteCashier of core/remote-payments; a reload opens the page again on the same database.
import { decode } from 'nostr-tools/nip19';
import type { Logger } from '../../src/core/logger.ts';
import type { AppSettings } from '../../src/app/start-up/env.ts';
import {
  createRelayPool,
  isLinkRevoked,
  readMerchantProfile,
  RemoteCashier,
  type MerchantProfile,
  type RemoteInvoice,
  type RemoteTarget,
} from '../../src/core/remote-payments/index.ts';
import {
  parsePairingFragment,
  parseRemoteLink,
  resolveRemoteTarget,
} from '../../src/features/remote/remote-link.ts';
import { Page } from './page.ts';

interface OpenedLink {
  merchantPubkeyHex: string;
  target: RemoteTarget;
  pairingSecret: Uint8Array | undefined;
}

export class CashierPage {
  private page: Page;
  private cashier: RemoteCashier;
  /** Pages opened after the first. */
  reloads = 0;

  private constructor(
    private readonly options: { dbName: string; settings: AppSettings; logger: Logger },
    private readonly link: OpenedLink,
  ) {
    [this.page, this.cashier] = this.open();
  }

  /**
   * Opens `link` (the merchant's connection link) as use-cashier-link.ts does: the pairing secret
   * from its fragment, the merchant's profile from the relays (asked again until it names a mint),
   * the target mint and relays from both.
   */
  static async open(
    link: string,
    options: { dbName: string; settings: AppSettings; logger: Logger },
    timeoutMs = 30_000,
  ): Promise<CashierPage> {
    const url = new URL(link);
    const npub = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const decoded = decode(npub);
    if (decoded.type !== 'npub') throw new Error(`not an npub: ${npub}`);
    const settings = parseRemoteLink(url.search);
    const pairingSecret = parsePairingFragment(url.hash);
    const pool = createRelayPool();
    let profile: MerchantProfile | undefined;
    const deadline = Date.now() + timeoutMs;
    try {
      while (!profile?.mints.length) {
        if (Date.now() > deadline) throw new Error('the merchant published no profile');
        profile = await readMerchantProfile({
          pool,
          relays: settings.relays,
          merchantPubkeyHex: decoded.data,
        }).catch(() => undefined);
        if (!profile?.mints.length) await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      pool.destroy();
    }
    if (isLinkRevoked(profile, pairingSecret)) throw new Error('the link is revoked');
    const config = { getRelays: async () => settings.relays };
    const resolved = await resolveRemoteTarget(settings, config, profile);
    if (!resolved) throw new Error('the profile names no mint');
    return new CashierPage(options, {
      merchantPubkeyHex: decoded.data,
      target: resolved.target,
      pairingSecret,
    });
  }

  /** Creates and delivers the sale; rejects as the page's Submit would fail. */
  createInvoice(amount: number): Promise<RemoteInvoice> {
    const cashier = this.cashier;
    return this.page.run(() => cashier.createInvoice({ amount }));
  }

  /** Quotes the merchant confirmed with a receipt, as this page heard them. */
  confirmedCount(): number {
    return this.cashier.list().filter((sale) => sale.status === 'confirmed').length;
  }

  reload(): void {
    this.page.close();
    this.reloads += 1;
    [this.page, this.cashier] = this.open();
  }

  close(): void {
    this.page.close();
  }

  private open(): [Page, RemoteCashier] {
    const page = new Page({ name: 'cashier', ...this.options });
    const { storage, wallets, logger } = page.services;
    const cashier = new RemoteCashier({
      merchantPubkeyHex: this.link.merchantPubkeyHex,
      target: () => Promise.resolve(this.link.target),
      wallets,
      createPool: () => createRelayPool(),
      sales: storage.cashierSales,
      pairingSecret: this.link.pairingSecret,
      logger,
    });
    page.onClose(() => cashier.stop());
    void cashier.start();
    return [page, cashier];
  }
}
