// Remote POS (/remote/:npub): a cashier device creating invoices for the merchant's key.
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { RemoteScreenProps } from './deps';
import { useRead } from '../../ui/use-read';
import { LoadFailedNote, LoadingNote } from '../../ui/LoadNotes';
import { RemoteCashier } from './RemoteCashier';
import { parseRouteKey } from './remote-guard';
import { parsePairingFragment, parseRemoteLink, parseStaffFragment } from './remote-link';
import { useTexts } from '../../ui/i18n';
import {
  INVALID_NPUB_TEXT,
  INVALID_NPUB_TITLE,
  LOAD_FAILED_TEXT,
  OWN_KEY_HEADING,
  OWN_KEY_INTRO,
  OWN_KEY_STEP_DEVICE,
  OWN_KEY_STEP_QR,
  OWN_KEY_STEP_SCAN,
  OWN_KEY_TITLE,
  REMOTE_LOADING,
} from './locales/remote/en.json';

const OWN_KEY_STEPS = [OWN_KEY_STEP_DEVICE, OWN_KEY_STEP_QR, OWN_KEY_STEP_SCAN];

type OwnKey = { status: 'loading' } | { status: 'ready'; pubkey: string } | { status: 'failed' };

function Page({ children }: { children: ReactNode }) {
  return (
    // The till takes the width from md, and with its Items open the screen's height, so the cart's
    // Charge never leaves it (docs/behaviour.md "Layouts").
    <main className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-6 md:has-[[data-cart-fill]]:h-dvh md:has-[[data-wide-layout]]:max-w-6xl">
      {/* No navigation shell here (a cashier device): the label says which product this is. */}
      <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase">Cashew POS</p>
      {children}
    </main>
  );
}

/** A page that is only a notice: the own-key warning (amber) or a broken link (red). */
function NoticePage({
  tone,
  titleId,
  title,
  children,
}: {
  tone: 'warning' | 'error';
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  const colors =
    tone === 'warning'
      ? { box: 'bg-amber-50 ring-amber-200', title: 'text-amber-900' }
      : { box: 'bg-red-50 ring-red-200', title: 'text-red-900' };
  return (
    <Page>
      <section
        role="alert"
        className={`space-y-3 rounded-2xl p-5 ring-1 ${colors.box}`}
        aria-labelledby={titleId}
      >
        <h1 id={titleId} className={`text-2xl font-bold ${colors.title}`}>
          {title}
        </h1>
        {children}
      </section>
    </Page>
  );
}

export function OwnKeyWarning() {
  const t = useTexts();
  return (
    <NoticePage tone="warning" titleId="own-key-title" title={t(OWN_KEY_TITLE)}>
      <h2 className="text-lg font-semibold text-amber-900">{t(OWN_KEY_HEADING)}</h2>
      <p className="text-sm text-amber-900">{t(OWN_KEY_INTRO)}</p>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-amber-900">
        {OWN_KEY_STEPS.map((step) => (
          <li key={t(step)}>{t(step)}</li>
        ))}
      </ol>
    </NoticePage>
  );
}

export function InvalidNpubPage({ reason }: { reason: string }) {
  const t = useTexts();
  return (
    <NoticePage tone="error" titleId="invalid-npub-title" title={t(INVALID_NPUB_TITLE)}>
      <p className="text-sm text-red-900">{t(INVALID_NPUB_TEXT)}</p>
      <p className="font-mono text-xs break-all text-red-800">{reason}</p>
    </NoticePage>
  );
}

export function RemoteScreen({ services }: RemoteScreenProps) {
  const { npub = '' } = useParams();
  const { search, hash } = useLocation();
  const route = useMemo(() => parseRouteKey(npub), [npub]);
  const link = useMemo(() => parseRemoteLink(search), [search]);
  // The fragment stays in the address bar, so reloading the same link keeps its secret.
  const linkSecret = useMemo(() => parsePairingFragment(hash), [hash]);
  const staffName = useMemo(() => parseStaffFragment(hash), [hash]);
  const { deviceKeys, logger } = services;
  const t = useTexts();
  const [ownKey, setOwnKey] = useState<OwnKey>({ status: 'loading' });
  const valid = route.kind === 'ok';

  // A malformed link does nothing at all: not even the device key is created.
  const read = useMemo(() => (valid ? () => deviceKeys.getKeypair() : null), [valid, deviceKeys]);
  useRead(
    read,
    (keypair) => setOwnKey({ status: 'ready', pubkey: keypair.pk }),
    (error) => {
      logger.error('Could not read the device key', error);
      setOwnKey({ status: 'failed' });
    },
  );

  if (route.kind === 'invalid-npub') return <InvalidNpubPage reason={route.reason} />;
  if (ownKey.status === 'loading') {
    return (
      <Page>
        <LoadingNote>{t(REMOTE_LOADING)}</LoadingNote>
      </Page>
    );
  }
  if (ownKey.status === 'failed') {
    return (
      <Page>
        <LoadFailedNote>{t(LOAD_FAILED_TEXT)}</LoadFailedNote>
      </Page>
    );
  }
  if (ownKey.pubkey === route.merchantPubkeyHex) return <OwnKeyWarning />;
  return (
    <Page>
      <RemoteCashier
        services={services}
        npub={npub}
        merchantPubkeyHex={route.merchantPubkeyHex}
        link={link}
        linkSecret={linkSecret}
        {...(staffName ? { staffName } : {})}
      />
    </Page>
  );
}
