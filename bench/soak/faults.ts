// Arming the fault drawn for an operation, and switching every fault off again: the dev mint's
// fault rules (dev/mint/faults.ts), the dev relay's switches (dev/relay/server.ts) and page faults.
import type { DevStack } from '../../dev/stack.ts';
import { CashierPage } from './cashier.ts';
import type { MerchantDevice } from './merchant.ts';
import type { PageTarget } from './ops.ts';
import type { Fault } from './plan.ts';

export async function armFault(stack: DevStack, fault: Fault, target: PageTarget): Promise<void> {
  switch (fault.kind) {
    case 'none':
      return;
    case 'mint-delay':
    case 'mint-500':
    case 'mint-drop-response':
    case 'mint-refuse':
      stack.mint.addFault(fault.rule);
      return;
    case 'mint-close-sockets':
      stack.mint.closeWebSockets();
      return;
    case 'relay-down':
      stack.relay.faults.down();
      return;
    case 'relay-drop-events':
      stack.relay.faults.dropEvents(fault.count);
      return;
    case 'reload':
      if (target instanceof CashierPage) target.reload();
      else await target.reload();
      return;
    case 'reload-mid-operation':
      // The cashier page holds no money and writes no journal: its pages have no write steps.
      if (!(target instanceof CashierPage)) target.armFreeze(fault.step);
      return;
  }
}

/** Every switch off; an armed freeze not reached is dropped. */
export function faultsOff(stack: DevStack, devices: readonly MerchantDevice[]): void {
  stack.mint.clearFaults();
  stack.relay.faults.clear();
  for (const device of devices) device.disarmFreeze();
}
