// The sales inbox key on Dexie (decision 0030, point 7): a plain key row, created once across tabs,
// which a locked till reads without the PIN. It never holds the Nostr identity key.
import type { Clock } from '../../core/clock';
import type { SalesInboxKeyStore } from '../../core/remote-payments/merchant/merchant-ports';
import type { CashewDb } from '../database/db';
import { KEY_NAMES } from '../database/key-names';
import { PlainKeyRow } from './plain-key-row';

export class DexieSalesInboxKeyStore extends PlainKeyRow implements SalesInboxKeyStore {
  constructor(db: CashewDb, clock: Clock) {
    super(db, clock, KEY_NAMES.salesInboxKey);
  }
}
