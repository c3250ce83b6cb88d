// The mint this cashier page sells on: its name as the mint's info gives it, and its host, so the
// cashier sees where the customer's money goes (docs/behaviour.md "Remote cashier").
import { useEffect, useState } from 'react';
import type { RemoteServices } from './deps';
import { useTexts } from '../../ui/i18n';
import { CASHIER_MINT_LABEL, LINK_MINT_REFUSED_TEXT } from './locales/remote/en.json';

/** A mint's name is outside text: shown as plain text, on one short line. */
const MAX_NAME_CHARS = 60;

function hostOf(mintUrl: string): string {
  try {
    return new URL(mintUrl).host;
  } catch {
    return mintUrl;
  }
}

export function MintLine({
  services,
  mintUrl,
  linkMintRefused,
}: {
  services: Pick<RemoteServices, 'wallets' | 'logger'>;
  mintUrl: string;
  linkMintRefused: boolean;
}) {
  const t = useTexts();
  const [name, setName] = useState<string>();
  const { wallets, logger } = services;
  useEffect(() => {
    let active = true;
    wallets
      .getMint(mintUrl)
      .getInfo()
      .then((info) => {
        const text = typeof info.name === 'string' ? info.name.trim() : '';
        if (active && text) setName([...text].slice(0, MAX_NAME_CHARS).join(''));
      })
      .catch((error: unknown) => logger.warn('Could not read the mint’s name', error));
    return () => {
      active = false;
    };
  }, [wallets, logger, mintUrl]);
  const host = hostOf(mintUrl);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" data-testid="cashier-mint" data-mint={mintUrl}>
        {t(CASHIER_MINT_LABEL)}{' '}
        <span className="font-medium text-slate-900">{name ? `${name} · ${host}` : host}</span>
      </p>
      {linkMintRefused ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t(LINK_MINT_REFUSED_TEXT)}
        </p>
      ) : null}
    </div>
  );
}
