// The device key and the identity it last learnt, on Dexie: the key a plain keys row, the
// identity and its certificate one config row (docs/protocol.md "Device envelopes").
import type { DeviceIdentityRecord, DeviceIdentityStore } from '../../core/backup/device-identity';
import type { Clock } from '../../core/clock';
import type { CashewDb } from '../database/db';
import { writeConfigJson } from '../database/config-json';
import { CONFIG_KEYS, KEY_NAMES } from '../database/key-names';
import { PlainKeyRow } from './plain-key-row';

const HEX64 = /^[0-9a-f]{64}$/;

function parseRecord(value: unknown): DeviceIdentityRecord | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<DeviceIdentityRecord>;
    const { identity, certificate } = parsed;
    if (typeof identity !== 'string' || !HEX64.test(identity)) return undefined;
    if (typeof certificate?.device !== 'string' || typeof certificate.sig !== 'string') {
      return undefined;
    }
    return { identity, certificate: { device: certificate.device, sig: certificate.sig } };
  } catch {
    return undefined;
  }
}

export class DexieDeviceIdentityStore implements DeviceIdentityStore {
  private readonly key: PlainKeyRow;

  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {
    this.key = new PlainKeyRow(db, clock, KEY_NAMES.deviceKey);
  }

  deviceKey(): Promise<Uint8Array> {
    return this.key.getOrCreate();
  }

  async read(): Promise<DeviceIdentityRecord | undefined> {
    return parseRecord((await this.db.config.get(CONFIG_KEYS.deviceIdentity))?.value);
  }

  async save(record: DeviceIdentityRecord): Promise<void> {
    await writeConfigJson(this.db, CONFIG_KEYS.deviceIdentity, record, this.clock());
  }
}
