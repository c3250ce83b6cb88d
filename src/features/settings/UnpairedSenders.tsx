// Settings: whether payments from cashier links without the pairing secret are taken (off by
// default; docs/behaviour.md "Settings"). Saved as soon as it is changed.
import { useMemo, type ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import type { PairingStore } from '../../core/remote-payments/merchant/merchant-ports';
import { SettingSwitch } from './SettingSwitch';
import { UNPAIRED_SWITCH } from './texts';

export interface UnpairedSendersProps {
  store: Pick<PairingStore, 'acceptsUnpaired' | 'setAcceptsUnpaired'>;
  /** the merchant profile says whether a pairing is required */
  merchantProfile: { sync(): Promise<unknown> };
  logger: Logger;
  /** more remote cashier settings, shown in the same section (RemoteMintSettings) */
  children?: ReactNode;
}

export function UnpairedSenders({
  store,
  merchantProfile,
  logger,
  children,
}: UnpairedSendersProps) {
  const setting = useMemo(
    () => ({
      get: () => store.acceptsUnpaired(),
      set: async (accept: boolean) => {
        await store.setAcceptsUnpaired(accept);
        void merchantProfile.sync();
      },
    }),
    [store, merchantProfile],
  );
  return (
    <SettingSwitch store={setting} logger={logger} texts={UNPAIRED_SWITCH}>
      {children}
    </SettingSwitch>
  );
}
