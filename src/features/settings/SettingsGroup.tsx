// A group of Settings cards under one heading, with an id the jump list at the top links to
// (docs/behaviour.md "Settings (`/settings`)").
import type { ReactNode } from 'react';

export interface SettingsGroupInfo {
  id: string;
  title: string;
}

/** The groups, in page order: what a shop owner looks for, money and security before the rest. */
export const SETTINGS_GROUPS = {
  shop: { id: 'shop', title: 'Shop' },
  moneyOut: { id: 'money-out', title: 'Money out' },
  security: { id: 'security', title: 'Security' },
  mintAndRelays: { id: 'mint-and-relays', title: 'Mint and relays' },
  device: { id: 'device', title: 'Device' },
} as const satisfies Record<string, SettingsGroupInfo>;

export const SETTINGS_SUBTITLE =
  'Your shop, money out, security, the mint and relays this wallet uses, and this device.';

export function SettingsJumpList() {
  return (
    <nav aria-label="Settings groups">
      <ul className="flex flex-wrap gap-2 text-sm">
        {Object.values(SETTINGS_GROUPS).map((group) => (
          <li key={group.id}>
            <a
              href={`#${group.id}`}
              className="inline-flex min-h-11 items-center rounded-full bg-white px-3 font-medium text-violet-800 ring-1 ring-slate-200 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              {group.title}
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
  const titleId = `settings-group-${group.id}`;
  return (
    <section id={group.id} aria-labelledby={titleId} className="scroll-mt-20 space-y-4">
      <h2
        id={titleId}
        className="border-b border-slate-200 pb-1 text-sm font-semibold tracking-wide text-slate-700 uppercase"
      >
        {group.title}
      </h2>
      {children}
    </section>
  );
}
