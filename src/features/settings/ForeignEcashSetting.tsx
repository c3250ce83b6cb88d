// Settings: "Accept ecash from other mints", off by default and saved as soon as it is changed
// (docs/protocol.md "Ecash from other mints").
import { useMemo } from 'react';
import type { Logger } from '../../core/logger';
import { SettingSwitch } from './SettingSwitch';
import { FOREIGN_ECASH_SWITCH } from './texts';

export interface ForeignEcashSettingStore {
  acceptsOtherMints(): Promise<boolean>;
  setAcceptsOtherMints(accept: boolean): Promise<void>;
}

export function ForeignEcashSetting({
  store,
  logger,
}: {
  store: ForeignEcashSettingStore;
  logger: Logger;
}) {
  const setting = useMemo(
    () => ({
      get: () => store.acceptsOtherMints(),
      set: (accept: boolean) => store.setAcceptsOtherMints(accept),
    }),
    [store],
  );
  return <SettingSwitch store={setting} logger={logger} texts={FOREIGN_ECASH_SWITCH} />;
}
