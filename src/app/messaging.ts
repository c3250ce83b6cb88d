// The messaging service the app starts after onboarding and restarts on relay changes. For now a
// no-op: the remote-payments inbox replaces createNoopMessaging here when it is wired in.

/** The payment listener as screens see it (SPEC §4: started on completion and at app start). */
export interface MessagingService {
  start(): Promise<void>;
  /** Re-reads the stored relays and listens on them again (settings saved new relays). */
  restart(): Promise<void>;
  stop(): void;
}

export function createNoopMessaging(): MessagingService {
  return {
    start: () => Promise.resolve(),
    restart: () => Promise.resolve(),
    stop: () => {},
  };
}
