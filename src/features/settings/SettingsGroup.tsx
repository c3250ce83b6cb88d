// A group of Settings cards under one heading, with an id the jump list at the top links to
// (docs/behaviour.md "Settings (`/settings`)").
import type { ReactNode } from 'react';
import { useTexts, type CatalogText } from '../../ui/i18n';
import {
  GROUP_DEVICE,
  GROUP_MINT_AND_RELAYS,
  GROUP_MONEY_OUT,
  GROUP_SECURITY,
  GROUP_SHOP,
  SETTINGS_GROUPS_LABEL,
} from './locales/settings/en.json';

export interface SettingsGroupInfo {
  id: string;
  title: CatalogText;
}

/** The groups, in page order: what a shop owner looks for, money and security before the rest. */
export const SETTINGS_GROUPS = {
  shop: { id: 'shop', title: GROUP_SHOP },
  moneyOut: { id: 'money-out', title: GROUP_MONEY_OUT },
  security: { id: 'security', title: GROUP_SECURITY },
  mintAndRelays: { id: 'mint-and-relays', title: GROUP_MINT_AND_RELAYS },
  device: { id: 'device', title: GROUP_DEVICE },
} as const satisfies Record<string, SettingsGroupInfo>;

export function SettingsJumpList() {
  const t = useTexts();
  return (
    <nav aria-label={t(SETTINGS_GROUPS_LABEL)}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {Object.values(SETTINGS_GROUPS).map((group) => (
          <li key={group.id}>
            <a
              href={`#${group.id}`}
              className="inline-flex min-h-11 items-center rounded-full bg-white px-3 font-medium text-violet-800 ring-1 ring-slate-200 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              {t(group.title)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SettingsGroup({
  group,
  children,
}: {
  group: SettingsGroupInfo;
  children: ReactNode;
}) {
  const t = useTexts();
  const titleId = `settings-group-${group.id}`;
  return (
    <section id={group.id} aria-labelledby={titleId} className="scroll-mt-20 space-y-4">
      <h2
        id={titleId}
        className="border-b border-slate-200 pb-1 text-sm font-semibold tracking-wide text-slate-700 uppercase"
      >
        {t(group.title)}
      </h2>
      {children}
    </section>
  );
}
