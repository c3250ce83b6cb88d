// Settings: "Print receipts automatically" (off by default; docs/behaviour.md "Receipts"). Saved as
// soon as it is changed.
import { useMemo } from 'react';
import type { Logger } from '../../core/logger';
import type { ReceiptPrintStore } from '../../core/receipts/receipt-print';
import { SettingSwitch } from './SettingSwitch';
import { AUTO_PRINT_SWITCH } from './texts';

export interface AutoPrintSettingsProps {
  store: Pick<ReceiptPrintStore, 'autoPrint' | 'setAutoPrint'>;
  logger: Logger;
}

export function AutoPrintSettings({ store, logger }: AutoPrintSettingsProps) {
  const setting = useMemo(
    () => ({ get: () => store.autoPrint(), set: (on: boolean) => store.setAutoPrint(on) }),
    [store],
  );
  return <SettingSwitch store={setting} logger={logger} texts={AUTO_PRINT_SWITCH} />;
}
