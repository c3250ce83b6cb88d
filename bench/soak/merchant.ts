// A merchant device of the soak: one database (fake-indexeddb) that outlives its pages. Each page is
// the app's services with the background work of app/services/startup.ts started; a reload closes
// the page and opens a new one on the same database, and a freeze closes it in the middle of a
// money write (core/checkpoint.ts), as a tab closed at that moment.
import type { WriteStep } from '../../src/core/checkpoint.ts';
import type { Logger } from '../../src/core/logger.ts';
import type { AppSettings } from '../../src/app/start-up/env.ts';
import type { AppServices } from '../../src/app/services/complete.ts';
import {
  checkProofStatesAtStart,
  checkProofStatesOnUnlock,
  resumeWithdrawals,
  runStartupTasks,
  secureLockedSalesOnUnlock,
  startLockedSaleBackups,
  startPaymentResume,
  whenOnboarded,
} from '../../src/app/services/startup.ts';
import { startRestore } from '../../src/app/start-up/restore-start.ts';
import { completeOnboarding } from '../../src/features/onboarding/complete-onboarding.ts';
import { freezeAt } from '../../src/testing/wallet/freeze-at.ts';
import { Page } from './page.ts';

export interface DeviceOptions {
  name: string;
  dbName: string;
  settings: AppSettings;
  logger: Logger;
}

/** No browser events in Node: the resumes run at start-up only, as after a page load. */
const noEvents = { addEventListener() {}, removeEventListener() {} };
const visibleDocument = { ...noEvents, visibilityState: 'visible' as const };
/** As completeAndStart waits before the start-up state check (app/services/startup.ts). */
const PROOF_STATES_START_DELAY_MS = 5_000;
/** The app's restore toasts, unseen. */
const quietToast = { success() {}, info() {}, error() {} };

export class MerchantDevice {
  private page: Page;
  private freezer: ReturnType<typeof freezeAt> | undefined;
  private reloading: Promise<void> = Promise.resolve();
  /** Pages opened after the first: reloads asked for and pages frozen mid-write. */
  reloads = 0;
  /** Times an armed step was reached and the page closed there. */
  freezes = 0;

  constructor(readonly options: DeviceOptions) {
    this.page = this.openPage();
  }

  get name(): string {
    return this.options.name;
  }

  /** The open page's services (the next page's while a reload is under way). */
  get services(): AppServices {
    return this.page.services;
  }

  /**
   * Onboards the device as the onboarding screens do: a new wallet of `phrase`, or its restore
   * (the scan is scheduled before the onboarded flag and resumed by the start-up work).
   */
  async onboard(input: { phrase: string; mode: 'create' | 'restore' }): Promise<void> {
    const { services } = this.page;
    const { storage } = services;
    await completeOnboarding(
      {
        config: storage.config,
        deviceKeys: services.deviceKeys,
        inbox: services.inbox,
        logger: services.logger,
        restore: services.restore,
        phraseCheck: storage.phraseCheck,
      },
      {
        mintUrl: this.options.settings.defaultMintUrl,
        relays: this.options.settings.defaultRelays,
        phrase: input.phrase,
        mode: input.mode,
      },
    );
    // The merchant opens the app again: the start-up work runs on the onboarded device.
    await this.reload();
    this.reloads = 0;
  }

  /** `work` on the open page; PageClosedError when that page closes first (frozen, reloaded). */
  run<T>(work: (services: AppServices) => Promise<T>): Promise<T> {
    return this.page.run(work);
  }

  /** Closes the page the first time `step` is reached, then opens a new one (a reload). */
  armFreeze(step: WriteStep): void {
    this.freezer = freezeAt(step);
  }

  /** An armed step not reached by now is not waited for any more. */
  disarmFreeze(): void {
    this.freezer = undefined;
  }

  /** Closes the open page and opens a new one on the same database, start-up work and all. */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(async () => {
      this.page.close();
      this.reloads += 1;
      this.page = this.openPage();
      this.startBackground(this.page);
    });
    return this.reloading;
  }

  /** Resolves once no reload is under way. */
  settled(): Promise<void> {
    return this.reloading;
  }

  close(): void {
    this.page.close();
  }

  private openPage(): Page {
    // The checkpoint reads the armed freeze at each step, so one page serves every operation;
    // the page that reaches it closes there and the device opens the next one.
    const page: Page = new Page({
      ...this.options,
      checkpoint: (step) => {
        if (this.page !== page || !this.freezer) return;
        const frozen = this.freezer.checkpoint(step);
        if (frozen) {
          this.freezer = undefined;
          this.freezes += 1;
          void this.reload();
        }
        return frozen;
      },
    });
    return page;
  }

  /**
   * The background work of completeAndStart (app/services/startup.ts) on an onboarded device,
   * without its toasts and confetti: payments and cash-outs resumed, the inbox started,
   * withdrawals watched again, ecash journals finished, proof states checked, locked-sale
   * backups sent, the history published and read, a restore scan resumed.
   */
  private startBackground(page: Page): void {
    const services = page.services;
    const { payments, logger, storage } = services;
    const config = storage.config;
    const platform = { logger, window: noEvents, document: visibleDocument, config };
    page.onClose(startPaymentResume({ payments, ...platform }));
    page.onClose(startPaymentResume({ payments: services.cashOut, ...platform }));
    page.onClose(payments.onSettled(() => void services.autoCashOut.check()));
    // Proofs another device on the phrase spent leave the balance (throttled across page loads).
    const stateCheck = setTimeout(
      () => void checkProofStatesAtStart({ proofStates: services.proofStates, config, logger }),
      PROOF_STATES_START_DELAY_MS,
    );
    page.onClose(() => clearTimeout(stateCheck));
    page.onClose(
      checkProofStatesOnUnlock({ lock: services.lock, proofStates: services.proofStates, logger }),
    );
    void runStartupTasks(services);
    void whenOnboarded(config, logger, 'Learning the device identity failed', async () => {
      await services.deviceIdentity.learnIfOpen();
    });
    void resumeWithdrawals({ withdraw: services.withdraw, config, logger });
    void services.ecash.resumeAll();
    void services.ecashInbox.landHeld();
    const backups = services.lockedSaleBackups;
    page.onClose(startLockedSaleBackups({ backups, config, logger, window: noEvents }));
    page.onClose(
      services.lock.onChange((state) => {
        if (state === 'unlocked') void backups.retry();
      }),
    );
    page.onClose(
      secureLockedSalesOnUnlock({
        lock: services.lock,
        withdraw: services.withdraw,
        logger,
        onRestored: (listener) => services.restore.onFinished(listener),
        afterRun: () => void backups.retry(),
      }),
    );
    // The history follows the phrase: published and read now and each minute.
    page.onClose(services.records.schedule.start());
    void startRestore({ restore: services.restore, config, toast: quietToast, logger });
  }
}
