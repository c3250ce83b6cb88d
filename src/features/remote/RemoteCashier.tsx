// The cashier's point of sale for one merchant: the link check on opening, then keypad, delivery
// status, invoice modal and the sales list.
import { useCallback, useMemo, useState } from 'react';
import type { RemoteTarget } from '../../core/remote-payments';
import { InvoicePanel } from '../../ui/payment/InvoicePanel';
import { LoadFailedNote, LoadingNote } from '../../ui/LoadNotes';
import { PriceJumpConfirm } from '../../ui/price-jump/PriceJumpConfirm';
import { SegmentToggle, type SegmentOption } from '../../ui/forms/Segmented';
import { CashierItems } from './CashierItems';
import { COPY_INVOICE_FAILED_LOG } from '../../ui/texts';
import { CashierSalesList } from './CashierSalesList';
import type { RemoteServices } from './deps';
import { MintLine } from './MintLine';
import type { RemoteLinkSettings } from './remote-link';
import { useFormats, useTexts } from '../../ui/i18n';
import { cashierAmountText } from './cashier-amount';
import {
  CASHIER_MODE_LABEL,
  CHECKING_LINK_TEXT,
  CREATING_INVOICES_FOR,
  CREATING_INVOICES_FOR_SHOP,
  FIAT_ENTRY_TEXT,
  ITEMS_TAB,
  KEYPAD_TAB,
  LINK_OPEN_FAILED_TEXT,
  LINK_REVOKED_TEXT,
  LINK_REVOKED_TITLE,
  MERCHANT_KEY_LINE,
  NO_PROFILE_TEXT,
  NO_PROFILE_TITLE,
  SATS_ENTRY_TEXT,
  SELLING_AS,
  STAFF_LINK_REVOKED_TEXT,
  STAFF_LINK_REVOKED_TITLE,
} from './locales/remote/en.json';
import { useCashierCatalog, useCatalogPrice } from './use-cashier-catalog';
import { useCashierFiatEntry } from './use-cashier-fiat-entry';
import { useCashierLink } from './use-cashier-link';
import { useCashierBacklog } from './use-cashier-sales';
import { useRemoteInvoice } from './use-remote-invoice';

export interface RemoteCashierProps {
  services: RemoteServices;
  npub: string;
  merchantPubkeyHex: string;
  link: RemoteLinkSettings;
  /** the pairing secret of the link's `#pair=` fragment, if any */
  linkSecret?: Uint8Array;
  /** a person's link: their name from the fragment (docs/protocol.md "Staff links") */
  staffName?: string;
}

const MODES = [
  { value: 'keypad', label: KEYPAD_TAB },
  { value: 'items', label: ITEMS_TAB },
] as const;

/** Why this link cannot sell: in place of the till, announced. */
function Stopped({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section
      role="alert"
      aria-labelledby={id}
      className="space-y-2 rounded-2xl bg-red-50 p-5 ring-1 ring-red-200"
    >
      <h2 id={id} className="text-lg font-semibold text-red-900">
        {title}
      </h2>
      <p className="text-sm text-red-900">{text}</p>
    </section>
  );
}

function LinkRevoked({ staffName }: { staffName?: string }) {
  const t = useTexts();
  if (staffName) {
    const text = t(STAFF_LINK_REVOKED_TEXT, { name: staffName });
    return <Stopped id="link-revoked-title" title={t(STAFF_LINK_REVOKED_TITLE)} text={text} />;
  }
  return (
    <Stopped id="link-revoked-title" title={t(LINK_REVOKED_TITLE)} text={t(LINK_REVOKED_TEXT)} />
  );
}

function Till({
  services,
  merchantPubkeyHex,
  target,
  pairingSecret,
  linkMintRefused,
  shopName,
  staffName,
}: {
  services: RemoteServices;
  merchantPubkeyHex: string;
  target: RemoteTarget;
  pairingSecret?: Uint8Array;
  linkMintRefused: boolean;
  shopName?: string;
  staffName?: string;
}) {
  const { logger } = services;
  const t = useTexts();
  const modes = useMemo<readonly SegmentOption<'keypad' | 'items'>[]>(
    () => MODES.map((mode) => ({ value: mode.value, label: t(mode.label) })),
    [t],
  );
  const catalog = useCashierCatalog(services, merchantPubkeyHex, target.relays, pairingSecret);
  const { cashierCarts, cashierPrices } = services.storage;
  const priceCache = useMemo(
    () => cashierPrices(merchantPubkeyHex),
    [cashierPrices, merchantPubkeyHex],
  );
  const { used: priceUsed, note: priceNote, held } = useCatalogPrice(catalog, priceCache, logger);
  // The till's unit from the merchant's catalog: amounts, keypad and quotes in it (decision 0092).
  const tillUnit = catalog?.unit;
  // The keypad's or the cart's sale, its fiat record at the price this screen shows (sent for the
  // merchant's, decision 0046), goes whole to the invoice.
  const staffLink = staffName !== undefined;
  const state = useRemoteInvoice(
    services,
    merchantPubkeyHex,
    target,
    pairingSecret,
    shopName,
    staffLink,
    tillUnit,
  );
  const { invoice, submit } = state;
  const [mode, setMode] = useState<'keypad' | 'items'>('keypad');
  const { entry, submit: submitTyped } = useCashierFiatEntry(priceUsed, submit, tillUnit);
  const formats = useFormats();
  const invoiceUnit = invoice?.unit;
  const invoiceAmount =
    invoice && invoiceUnit && invoiceUnit !== 'sat'
      ? cashierAmountText(invoice.amount, invoiceUnit, t, formats)
      : undefined;
  const carts = useMemo(() => cashierCarts(merchantPubkeyHex), [cashierCarts, merchantPubkeyHex]);
  const onCopyError = useCallback(
    (failure: unknown) => logger.error(COPY_INVOICE_FAILED_LOG, failure),
    [logger],
  );
  if (state.revoked) return <LinkRevoked {...(staffName ? { staffName } : {})} />;
  const hasItems = Boolean(catalog && catalog.items.length > 0);
  const showItems = hasItems && mode === 'items';
  return (
    <section
      className={`flex flex-col gap-4 md:min-h-0 md:flex-1 ${showItems ? 'pb-20 md:pb-0' : ''}`}
      data-quote-id={invoice?.quote}
      data-wide-layout
    >
      <MintLine services={services} mintUrl={target.mintUrl} linkMintRefused={linkMintRefused} />
      {hasItems ? (
        <SegmentToggle
          label={t(CASHIER_MODE_LABEL)}
          options={modes}
          value={showItems ? 'items' : 'keypad'}
          onChange={setMode}
        />
      ) : null}
      {held.jump ? (
        <PriceJumpConfirm jump={held.jump} onUse={held.useNewPrice} onKeep={held.keepSatsOnly} />
      ) : null}
      {showItems && catalog ? (
        <CashierItems
          items={catalog.items}
          tips={catalog.tips}
          {...(catalog.soldOut ? { soldOut: catalog.soldOut } : {})}
          discounts={catalog.discounts === true}
          priceUsed={priceUsed}
          {...(tillUnit ? { unit: tillUnit } : {})}
          carts={carts}
          busy={state.open || state.creating}
          paidKey={state.resetKey}
          onCharge={submit}
          logger={logger}
        />
      ) : (
        <p className="text-sm text-slate-500" data-testid="cashier-entry-text">
          {entry ? t(FIAT_ENTRY_TEXT, { currency: entry.unit }) : (priceNote ?? t(SATS_ENTRY_TEXT))}
        </p>
      )}
      {/* From md the keypad beside the sales on this device. */}
      <div
        className={
          showItems
            ? 'flex flex-col gap-4'
            : 'flex flex-col gap-4 md:grid md:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] md:items-start md:gap-x-8'
        }
      >
        <div className="flex flex-col gap-4">
          <InvoicePanel
            flow={state}
            submit={submitTyped}
            invoice={invoice}
            {...(invoiceAmount ? { invoiceAmount } : {})}
            onCopyError={onCopyError}
            keypad={!showItems}
            ecashRequest={invoice?.ecash ?? null}
            {...(entry ? { entry } : {})}
            {...(state.limits && !tillUnit ? { limits: state.limits } : {})}
          />
        </div>
        <div className="empty:hidden">
          <CashierSalesList sales={state.sales} />
        </div>
      </div>
    </section>
  );
}

/** The sales already made here keep going to the merchant while the page cannot sell. */
function Backlog({
  services,
  merchantPubkeyHex,
}: {
  services: RemoteServices;
  merchantPubkeyHex: string;
}) {
  return <CashierSalesList sales={useCashierBacklog(services, merchantPubkeyHex)} />;
}

export function RemoteCashier({
  services,
  npub,
  merchantPubkeyHex,
  link,
  linkSecret,
  staffName,
}: RemoteCashierProps) {
  const opened = useCashierLink(services, merchantPubkeyHex, link, linkSecret, !!staffName);
  const t = useTexts();
  return (
    <div className="flex flex-col gap-4 md:min-h-0 md:flex-1" data-link-status={opened.status}>
      <header className="space-y-1">
        {link.shopName ? (
          <>
            {/* The name from the link is text only: React escapes it, nothing is parsed as markup. */}
            <h1 className="text-xl font-bold break-words text-slate-900">
              {t(CREATING_INVOICES_FOR_SHOP, { shop: link.shopName })}
            </h1>
            <p className="font-mono text-xs break-all text-slate-600">
              {t(MERCHANT_KEY_LINE, { npub })}
            </p>
          </>
        ) : (
          <h1 className="text-xl font-bold text-slate-900">
            {/* Text stays 'Creating invoices for {npub}'; the key gets its own line to wrap cleanly. */}
            {t(CREATING_INVOICES_FOR)}{' '}
            <span className="mt-1 block rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs font-medium break-all text-slate-700">
              {npub}
            </span>
          </h1>
        )}
        {staffName ? (
          <p data-testid="cashier-name" className="text-sm font-medium text-slate-700">
            {t(SELLING_AS, { name: staffName })}
          </p>
        ) : null}
      </header>
      {opened.status === 'checking' ? (
        <LoadingNote>{t(CHECKING_LINK_TEXT)}</LoadingNote>
      ) : opened.status === 'revoked' ? (
        <LinkRevoked {...(staffName ? { staffName } : {})} />
      ) : opened.status === 'failed' ? (
        <>
          <LoadFailedNote>{t(LINK_OPEN_FAILED_TEXT)}</LoadFailedNote>
          <Backlog services={services} merchantPubkeyHex={merchantPubkeyHex} />
        </>
      ) : opened.status === 'no-profile' ? (
        <>
          <Stopped id="no-profile-title" title={t(NO_PROFILE_TITLE)} text={t(NO_PROFILE_TEXT)} />
          <Backlog services={services} merchantPubkeyHex={merchantPubkeyHex} />
        </>
      ) : (
        <Till
          services={services}
          merchantPubkeyHex={merchantPubkeyHex}
          target={opened.target}
          pairingSecret={opened.pairingSecret}
          linkMintRefused={opened.linkMintRefused}
          {...(link.shopName ? { shopName: link.shopName } : {})}
          {...(staffName ? { staffName } : {})}
        />
      )}
    </div>
  );
}
