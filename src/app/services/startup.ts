// Start-up: loaded after the first paint (a dynamic import from start.tsx), it completes the services
// with the protocol libraries and starts the background work, as docs/architecture.md
// "The composition root" describes. Each task runs only on an onboarded device and its failure is
// only logged.
import type { WalletEvents } from '../../core/events';
import { hasTabChannel, openTabChannel } from '../../core/tab-channel';
import { shareWalletUpdates, WALLET_TABS_CHANNEL } from '../../core/wallet-tabs';
import type { Logger } from '../../core/logger';
import type { ConfigStore } from '../../core/settings/ports';
import type { RemotePaymentInbox } from '../../core/remote-payments/merchant/inbox';
import { serialRuns } from '../../core/serial-runs';
import { publishSoldOutChanges } from '../../core/items/sold-out-publish';
import type { StockStore } from '../../core/items/ports';
import type { EcashLanded } from '../../core/wallet/ecash/ecash-receiver';
import { fireConfetti } from '../../ui/payment/confetti';
import { toast } from '../../ui/toast/toast';
import { announceAutoCashOut, announceCashOut } from '../shell/cash-out-notifications';
import { afterSaleShown } from './after-shown';
import { keepWalletData } from '../start-up/device-storage';
import {
  announceSettled,
  englishTexts,
  subscribePaymentNotifications,
} from '../shell/payment-notifications';
import { startRestore } from '../start-up/restore-start';
import type { BaseServices } from './base';
import { completeServices, type AppServices } from './complete';
import { ECASH_PAYMENT_FAILED, REMOTE_PAYMENT_ERROR } from '../locales/payment-toasts/en.json';

type OnboardedConfig = Pick<ConfigStore, 'isOnboarded'>;

/** How often ecash taken offline is offered to its mint again while the device is online. */
const OFFLINE_RETRY_MS = 60_000;

/**
 * The one "if onboarded, run, log" of start-up: a device that is not onboarded (a new user, the
 * remote cashier page) has no seed, nothing pending and no inbox. Never rejects.
 */
export async function whenOnboarded(
  config: OnboardedConfig,
  logger: Logger,
  failureLog: string,
  run: () => Promise<void>,
): Promise<void> {
  try {
    if (!(await config.isOnboarded())) return;
    await run();
  } catch (error) {
    logger.error(failureLog, error);
  }
}

/**
 * `firstScreen`: resolves once the first screen has painted (start.tsx: the router's first
 * navigation done and its screen painted); the background work waits for it, then for an idle
 * moment. Idle alone is not enough: a screen waiting for IndexedDB (the wallet's first read)
 * leaves the main thread idle, and the inbox's key derivation and the resumes' reads would land
 * in the middle of its load.
 */
export function completeAndStart(
  base: BaseServices,
  firstScreen: Promise<unknown> = Promise.resolve(),
): AppServices {
  // The toasts speak the language shown when they are raised (docs/decisions/0055-languages-with-lingui.md).
  const language = base.language;
  const texts = language ? () => language.texts() : englishTexts;
  const services = completeServices(base, {
    // The inbox rate-limits it to once a minute; the fixed id merges repeats.
    onRemotePaymentError: () =>
      void toast.error(texts().t(REMOTE_PAYMENT_ERROR), { toastId: 'remote-payment-error' }),
    onAutoCashOut: (outcome) => announceAutoCashOut(toast, base.logger, outcome, texts),
  });
  const { payments, logger } = services;
  const config = services.storage.config;
  // After the frame that shows the sale: the burst's canvas, its transfer to the worker and the
  // message (and on the first sale, the worker's start) are not the balance's or the toast's to
  // wait for (docs/performance.md "Taps").
  const confetti = () =>
    afterSaleShown(() => void fireConfetti((error) => logger.warn('Confetti failed', error)));
  const onScreen = () => payments.shownQuote();
  // Subscribed before resuming, so a payment found at start-up is announced too.
  // A restore may bring the language back with the settings (docs/protocol.md "App data backup").
  services.restore.onFinished(() => void language?.followStored());
  subscribePaymentNotifications({ payments, toast, confetti, logger, onScreen, texts });
  // An ecash sale finished by start-up repair is announced as a Lightning sale would be.
  const announceEcash = (landed: EcashLanded[]) => {
    for (const sale of landed) {
      const quote = { quote: sale.closesQuote ?? sale.id };
      announceSettled(
        { toast, confetti, onScreen, texts },
        { kind: 'direct', amount: sale.amount, quote },
      );
    }
  };
  // The background work waits for the first screen, then until the browser is idle, at most
  // BACKGROUND_WORK_DELAY_MS: the screen that asked for the services renders first (its reads do
  // not queue behind the resume's), and a payment made while the app was closed is still minted
  // within a second of it.
  const startBackground = (run: () => void) =>
    void firstScreen.then(
      () => afterIdle(run),
      () => afterIdle(run),
    );
  startBackground(() => {
    // A sale or a cash-out in another tab reaches this tab's balance and lists at once.
    if (hasTabChannel()) shareWalletUpdates(services.events, openTabChannel(WALLET_TABS_CHANNEL));
    startPaymentResume({ payments, config, logger, window, document });
    // Cash-outs: outcomes found later are toasted; pending melts are checked now and on resume;
    // every stored payment may reach the automatic cash-out threshold.
    services.cashOut.onSettled((result) => announceCashOut(toast, result, texts));
    startPaymentResume({ payments: services.cashOut, config, logger, window, document });
    autoCashOutAfterSales({
      events: services.events,
      autoCashOut: services.autoCashOut,
      afterShown: afterSaleShown,
    });
    // A run that failed before a reload had its retry timer go with the page: a balance still at
    // the threshold is cashed out now (a run that finds none does nothing).
    void services.autoCashOut.check();
    // A sale on any path (ecash, cash, another tab's) that sells an item out greys it on the
    // cashiers' page soon after, not at the next publication for another reason.
    void publishSoldOutStock({
      stock: services.storage.stock,
      catalog: services.catalog,
      config,
      logger,
    });
    // Proofs another device on the phrase spent leave the balance (throttled across page loads);
    // sealed ones are checked once the PIN opens them.
    setTimeout(
      () => void checkProofStatesAtStart({ proofStates: services.proofStates, config, logger }),
      PROOF_STATES_START_DELAY_MS,
    );
    checkProofStatesOnUnlock({ lock: services.lock, proofStates: services.proofStates, logger });
    void runStartupTasks(services);
    // The identity key is open at a start without a PIN: the device learns whose it is.
    void whenOnboarded(config, logger, 'Learning the device identity failed', async () => {
      await services.deviceIdentity.learnIfOpen();
    });
    void resumeWithdrawals({ withdraw: services.withdraw, config, logger });
    // Ecash for an open sale that failed a check: the sale stays open, the reason is shown.
    services.ecashInbox.onRefused(({ quote, error }) => {
      const text = error instanceof Error ? error.message : texts().t(ECASH_PAYMENT_FAILED);
      // One toast per reason: a second, different refusal of the same sale is shown too.
      toast.error(text, { toastId: `ecash-refused:${quote.quote}:${text}` });
    });
    // Ecash journaled before a reload is swapped and recorded now, or once the PIN is entered.
    void services.ecash.resumeAll().then(announceEcash);
    // Another mint's ecash still on its way lands when its payment arrives, without a reload.
    services.ecash.onLanded((landed) => announceEcash([landed]));
    // A payload held for a remote sale whose message came before a reload lands too (0044).
    void services.ecashInbox.landHeld();
    services.lock.onChange((state) => {
      if (state === 'unlocked') {
        void services.ecash.resumeAll().then(announceEcash);
        void services.ecashInbox.landHeld();
      }
    });
    // Ecash taken offline is swapped as soon as the device is back online, and each minute while
    // it waits for a mint that was down with the network up (decision 0068).
    const redeemOffline = () => void services.ecash.resumeAll().then(announceEcash);
    window.addEventListener('online', redeemOffline);
    setInterval(() => {
      services.offlineEcash.waiting().then(
        (waiting) => {
          if (waiting) redeemOffline();
        },
        (error: unknown) => logger.warn('Could not read the ecash taken offline', error),
      );
    }, OFFLINE_RETRY_MS);
    // Removed once their proofs are swapped; retried at start, online, unlock and on a timer.
    const backups = services.lockedSaleBackups;
    startLockedSaleBackups({ backups, config, logger, window });
    services.lock.onChange((state) => {
      if (state === 'unlocked') void backups.retry();
    });
    secureLockedSalesOnUnlock({
      lock: services.lock,
      withdraw: services.withdraw,
      logger,
      onRestored: (listener) => services.restore.onFinished(listener),
      afterRun: () => void backups.retry(),
    });
    void keepWalletData({ deviceStorage: services.deviceStorage, config, logger });
    // The history follows the phrase: published and read now, each minute and online again.
    services.records.schedule.start();
    window.addEventListener('online', () => services.records.schedule.wake());
    void startRestore({ restore: services.restore, config, toast, logger, texts });
  });
  return services;
}

/**
 * The start-up state check waits this long: it hashes every proof (about half a millisecond
 * each), which must not land in the first screen's work or in a page left again at once.
 */
const PROOF_STATES_START_DELAY_MS = 5_000;

/** How long the background work may wait for an idle browser after the services load. */
const BACKGROUND_WORK_DELAY_MS = 1000;

function afterIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: BACKGROUND_WORK_DELAY_MS });
  } else {
    setTimeout(run, 0);
  }
}

export interface AutoCashOutTrigger {
  events: Pick<WalletEvents, 'onUpdated'>;
  autoCashOut: { check(): Promise<void> };
  /** When the check starts after a sale (the app: once the sale is shown); omitted: at once. */
  afterShown?: (run: () => void) => void;
}

/**
 * Every stored sale may reach the automatic cash-out threshold: Lightning (direct, remote), ecash
 * by request, a pasted token and ecash of another mint all announce `wallet:updated` with reason
 * `payment` once their proofs are stored. Returns the unsubscribe function.
 */
export function autoCashOutAfterSales(deps: AutoCashOutTrigger): () => void {
  const afterShown = deps.afterShown ?? ((run: () => void) => run());
  return deps.events.onUpdated((update) => {
    if (update.reason === 'payment') afterShown(() => void deps.autoCashOut.check());
  });
}

export interface SoldOutStockDeps {
  stock: Pick<StockStore, 'watch'>;
  catalog: { sync(): unknown };
  config: OnboardedConfig;
  logger: Logger;
  /** how long after the last sale the catalog is published (default: core's) */
  delayMs?: number;
}

/**
 * On an onboarded device, the cashiers' catalog is published again a few seconds after a sale or
 * refund changes what is sold out (core/items/sold-out-publish.ts). Resolves once it watches.
 */
export function publishSoldOutStock(deps: SoldOutStockDeps): Promise<void> {
  const { stock, catalog, logger } = deps;
  return whenOnboarded(
    deps.config,
    logger,
    'Following the stock for the catalog failed',
    async () => {
      publishSoldOutChanges({
        stock,
        catalog,
        logger,
        ...(deps.delayMs !== undefined ? { delayMs: deps.delayMs } : {}),
      });
    },
  );
}

/** A start-up task of an onboarded device on its services `deps`, its failure only logged. */
function onboardedTask<Deps>(failureLog: string, run: (deps: Deps) => Promise<void>) {
  return (deps: Deps & { config: OnboardedConfig; logger: Logger }): Promise<void> =>
    whenOnboarded(deps.config, deps.logger, failureLog, () => run(deps));
}

/** Start-up: each mint's proofs are checked, at most once per interval across page loads. */
export const checkProofStatesAtStart = onboardedTask(
  'Checking proof states at start failed',
  (deps: { proofStates: { checkAtStart(): Promise<void> } }) => deps.proofStates.checkAtStart(),
);

export interface ProofStatesOnUnlockDeps {
  lock: SecureOnUnlockDeps['lock'];
  proofStates: { checkAll(): Promise<unknown> };
  logger: Logger;
}

/**
 * Proofs sealed to the sales key (decision 0030) cannot be checked while the till is locked (the
 * mint names a proof by hash_to_curve of its secret): each unlock checks every mint. Returns the
 * unsubscribe function.
 */
export function checkProofStatesOnUnlock(deps: ProofStatesOnUnlockDeps): () => void {
  const check = () =>
    void deps.proofStates.checkAll().catch((error: unknown) => {
      deps.logger.error('Checking proof states after unlock failed', error);
    });
  // The PIN may have been entered before this background work started.
  if (deps.lock.state() === 'unlocked') check();
  return deps.lock.onChange((state) => {
    if (state === 'unlocked') check();
  });
}

export interface StartupServices {
  storage: { config: OnboardedConfig };
  inbox: Pick<RemotePaymentInbox, 'start'>;
  logger: Logger;
}

/** An onboarded device starts its remote-payment inbox. */
export function runStartupTasks(services: StartupServices): Promise<void> {
  return whenOnboarded(
    services.storage.config,
    services.logger,
    'Failed to start the remote-payment inbox',
    () => services.inbox.start(),
  );
}

/** Watches pending withdrawals again, so a token redeemed while the app was closed is settled. */
export const resumeWithdrawals = onboardedTask(
  'Resuming withdrawal watches failed',
  (deps: { withdraw: { resumeAll(): Promise<void> } }) => deps.withdraw.resumeAll(),
);

export interface SecureOnUnlockDeps {
  lock: {
    /** reads whether a PIN is set; until then `state` says 'no-pin' */
    init?(): Promise<void>;
    state(): 'no-pin' | 'locked' | 'unlocked';
    onChange(listener: (state: 'no-pin' | 'locked' | 'unlocked') => void): () => void;
  };
  withdraw: { secureLockedSales(): Promise<number> };
  logger: Logger;
  /** Another way random proofs arrive: a restore that found another device's locked sales. */
  onRestored?: (listener: () => void) => () => void;
  /** After each run, swapped or failed: backups of the swapped sales are removed then. */
  afterRun?: () => void;
}

/**
 * Each time the PIN is entered, sales minted while the till was locked are swapped for outputs
 * the phrase restores (decision 0024); so are random proofs a till without a PIN holds (a PIN
 * removed, another device's locked sales restored, decision 0050), at start and after a restore.
 * Never throws; failures are logged and tried again at the next trigger. Returns the unsubscribe
 * function.
 */
export function secureLockedSalesOnUnlock(deps: SecureOnUnlockDeps): () => void {
  const secure = serialRuns(async () => {
    try {
      await deps.withdraw.secureLockedSales();
    } catch (error) {
      deps.logger.error('Securing sales taken while locked failed', error);
    }
    deps.afterRun?.();
  });
  const open = () => deps.lock.state() !== 'locked';
  // The PIN may have been entered (or found unset) before this background work started.
  const atStart = () => {
    if (open()) void secure();
  };
  if (deps.lock.init) void deps.lock.init().then(atStart, atStart);
  else atStart();
  const stopLock = deps.lock.onChange((state) => {
    if (state !== 'locked') void secure();
  });
  const stopRestore = deps.onRestored?.(() => {
    if (open()) void secure();
  });
  return () => {
    stopLock();
    stopRestore?.();
  };
}

export interface LockedBackupStartDeps {
  backups: { retry(): Promise<void> };
  config: OnboardedConfig;
  logger: Logger;
  /** Where `online` fires (window). */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Sends the backups of sales taken while locked that no relay took yet, and the removals of
 * those no longer needed, now and whenever the device comes back online (decision 0050); the
 * service retries on its own timer in between. Never throws. Returns the unsubscribe function.
 */
export function startLockedSaleBackups(deps: LockedBackupStartDeps): () => void {
  const retry = () =>
    void whenOnboarded(deps.config, deps.logger, 'Retrying the locked-sale backups failed', () =>
      deps.backups.retry(),
    );
  deps.window.addEventListener('online', retry);
  retry();
  return () => deps.window.removeEventListener('online', retry);
}

export interface PaymentResumeDeps {
  payments: { resumeAll(): Promise<void> };
  config: OnboardedConfig;
  logger: Logger;
  /** Where `online` fires (window). */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Where `visibilitychange` fires (document). */
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Resumes pending mint quotes now and on every `online` / visible-again event, so a payment made
 * while the app was closed, offline or hidden still lands. Overlapping triggers share one run,
 * plus at most one more queued after it, so a burst of events never stacks mint checks. Never
 * throws; failures are logged. Returns the unsubscribe function.
 */
export function startPaymentResume(deps: PaymentResumeDeps): () => void {
  const { payments, config, logger } = deps;
  let stopped = false;

  const runOnce = () =>
    whenOnboarded(config, logger, 'Resuming pending payments failed', () => payments.resumeAll());

  const resume = serialRuns(runOnce, () => stopped);

  const onOnline = () => void resume();
  const onVisibility = () => {
    if (deps.document.visibilityState === 'visible') void resume();
  };
  deps.window.addEventListener('online', onOnline);
  deps.document.addEventListener('visibilitychange', onVisibility);
  void resume();

  return () => {
    stopped = true;
    deps.window.removeEventListener('online', onOnline);
    deps.document.removeEventListener('visibilitychange', onVisibility);
  };
}
