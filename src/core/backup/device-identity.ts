// This device's place among the phrase's devices: its plain device key, the merchant's identity
// public key learnt while the identity key was open, and the certificate binding the two, so a
// locked till can still write envelopes (core/backup/device-envelope.ts).
import { getPublicKey } from 'nostr-tools/pure';
import {
  certificateValid,
  certifyDevice,
  type DeviceCertificate,
  type EnvelopeWriter,
} from './device-envelope';

/** The identity this device last learnt and its certificate, one row. */
export interface DeviceIdentityRecord {
  /** the merchant's identity public key, x-only hex (public: it is the npub) */
  identity: string;
  certificate: DeviceCertificate;
}

export interface DeviceIdentityStore {
  /** The device's own key: random, plain even with a PIN set, created once across tabs. */
  deviceKey(): Promise<Uint8Array>;
  read(): Promise<DeviceIdentityRecord | undefined>;
  save(record: DeviceIdentityRecord): Promise<void>;
}

export interface DeviceIdentityDeps {
  store: DeviceIdentityStore;
  /** The identity secret key when it can be read without the PIN now; undefined otherwise. */
  openIdentityKey(): Promise<Uint8Array | undefined>;
}

export class DeviceIdentity {
  private readonly store: DeviceIdentityStore;

  constructor(private readonly deps: DeviceIdentityDeps) {
    this.store = deps.store;
  }

  /**
   * Called whenever the identity key is open (a start without a PIN, an unlock, onboarding):
   * records its public key and certifies the device key to it, once per identity.
   */
  async learn(identitySecretKey: Uint8Array): Promise<void> {
    const identity = getPublicKey(identitySecretKey);
    const device = getPublicKey(await this.store.deviceKey());
    const known = await this.store.read();
    if (
      known?.identity === identity &&
      known.certificate.device === device &&
      certificateValid(identity, known.certificate)
    ) {
      return;
    }
    await this.store.save({ identity, certificate: certifyDevice(identitySecretKey, device) });
  }

  /** Learns the identity now if its key is open (start-up, an unlock); never rejects. */
  async learnIfOpen(): Promise<boolean> {
    const key = await this.deps.openIdentityKey().catch(() => undefined);
    if (!key) return false;
    await this.learn(key);
    return true;
  }

  /**
   * What envelopes are written with; undefined while this device has never seen its identity
   * key open (nothing can be addressed to the phrase yet).
   */
  async writer(): Promise<EnvelopeWriter | undefined> {
    let known = await this.store.read();
    if (!known && (await this.learnIfOpen())) known = await this.store.read();
    if (!known) return undefined;
    const deviceSecretKey = await this.store.deviceKey();
    const device = getPublicKey(deviceSecretKey);
    return {
      deviceSecretKey,
      identityPubkey: known.identity,
      // A certificate for another device key (a copied row) is not sent.
      ...(known.certificate.device === device ? { certificate: known.certificate } : {}),
    };
  }

  /** This device's public key (x-only hex): envelopes it wrote carry it as their author. */
  async devicePubkey(): Promise<string> {
    return getPublicKey(await this.store.deviceKey());
  }
}
