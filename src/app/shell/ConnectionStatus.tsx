// The shell's connection indicator (docs/behaviour.md "Navigation shell"): offline, mint
// unreachable, or online. The browser's online flag is trusted when it says offline; the mint is
// asked for its info now and then, since "online" says nothing about one server.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTexts } from '../../ui/i18n';
import {
  STATUS_MINT_UNREACHABLE_TEXT,
  STATUS_MINT_UNREACHABLE_TITLE,
  STATUS_OFFLINE_TEXT,
  STATUS_OFFLINE_TITLE,
  STATUS_ONLINE_TEXT,
  STATUS_ONLINE_TITLE,
} from '../locales/shell/en.json';

export type ConnectionState = 'online' | 'offline' | 'mint-unreachable';

export interface ConnectionStatusOptions {
  /** Resolves true when the configured mint answers; never rejects. */
  probeMint: () => Promise<boolean>;
  /** The first check waits this long, so it does not compete with the first screen. */
  firstCheckMs?: number;
  intervalMs?: number;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useConnectionState({
  probeMint,
  firstCheckMs = 3_000,
  intervalMs = 30_000,
}: ConnectionStatusOptions): ConnectionState {
  // A server render (app/start-up/prerender.tsx, at build time) has no network flag: it renders online.
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [mintAnswers, setMintAnswers] = useState<boolean | null>(null);

  useEffect(() => {
    if (!online) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      void probeMint().then((answers) => {
        if (!active) return;
        setMintAnswers(answers);
        timer = setTimeout(check, intervalMs);
      });
    };
    // Back online: ask at once rather than show a stale answer from before.
    timer = setTimeout(check, mintAnswers === null ? firstCheckMs : 0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // mintAnswers only picks the first delay: a new answer must not restart the cycle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, probeMint, firstCheckMs, intervalMs]);

  if (!online) return 'offline';
  return mintAnswers === false ? 'mint-unreachable' : 'online';
}

const LOOK: Record<ConnectionState, { text: string; title: string; dot: string; tone: string }> = {
  online: {
    text: STATUS_ONLINE_TEXT,
    title: STATUS_ONLINE_TITLE,
    dot: 'bg-emerald-500',
    tone: 'text-slate-600',
  },
  offline: {
    text: STATUS_OFFLINE_TEXT,
    title: STATUS_OFFLINE_TITLE,
    dot: 'bg-slate-400',
    tone: 'text-slate-800',
  },
  'mint-unreachable': {
    text: STATUS_MINT_UNREACHABLE_TEXT,
    title: STATUS_MINT_UNREACHABLE_TITLE,
    dot: 'bg-amber-500',
    tone: 'text-amber-900',
  },
};

export function ConnectionStatus(options: ConnectionStatusOptions) {
  const state = useConnectionState(options);
  const t = useTexts();
  const look = LOOK[state];
  const title = t(look.title);
  return (
    <p
      role="status"
      data-testid="connection-status"
      data-state={state}
      title={title}
      className={`flex items-center gap-1.5 text-xs leading-tight font-medium ${look.tone}`}
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${look.dot}`} />
      {t(look.text)}
      <span className="sr-only">: {title}</span>
    </p>
  );
}
