// Navigation shell (docs/behaviour.md "Navigation shell"): collapsible top bar on small screens,
// fixed left sidebar on lg.
import { useId, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { CashewMark } from '../../ui/CashewMark';
import { useTexts } from '../../ui/i18n';
import {
  NAV_CONNECT,
  NAV_HOME,
  NAV_MAIN,
  NAV_SETTINGS,
  NAV_TOGGLE,
  NAV_WALLET,
} from '../locales/shell/en.json';

export const PRODUCT_NAME = 'Cashew POS';

export const navEntries = [
  { to: '/', label: NAV_HOME },
  { to: '/wallet', label: NAV_WALLET },
  { to: '/connect', label: NAV_CONNECT },
  { to: '/settings', label: NAV_SETTINGS },
] as const;

const linkBase = 'block rounded-lg px-3 py-2 text-sm font-medium transition-colors';
const linkIdle = 'text-slate-700 hover:bg-violet-50 hover:text-violet-800';
const linkActive = 'bg-violet-700 text-white';

/** `status`: the connection indicator, beside the product name (app/shell/ConnectionStatus.tsx). */
export function NavShell({ status }: { status?: ReactNode } = {}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const t = useTexts();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white lg:fixed lg:inset-y-0 lg:left-0 lg:w-64 lg:border-r lg:border-b-0">
      <div className="flex h-14 items-center justify-between gap-2 px-4 lg:h-auto lg:min-h-16 lg:flex-wrap lg:px-6 lg:py-3">
        <NavLink
          to="/"
          className="flex shrink-0 items-center gap-2 text-lg font-bold whitespace-nowrap text-violet-800"
          onClick={() => setMenuOpen(false)}
        >
          <CashewMark />
          {PRODUCT_NAME}
        </NavLink>
        {status ? (
          // One element for both layouts: beside the menu button in the top bar, under the name
          // in the sidebar.
          <div className="ml-auto min-w-0 lg:order-last lg:m-0 lg:basis-full lg:pt-1">{status}</div>
        ) : null}
        <button
          type="button"
          aria-label={t(NAV_TOGGLE)}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? (
              <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            ) : (
              <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
            )}
          </svg>
        </button>
      </div>
      <nav
        id={menuId}
        aria-label={t(NAV_MAIN)}
        className={`${menuOpen ? 'block' : 'hidden'} border-t border-slate-200 px-4 py-2 lg:block lg:border-t-0 lg:px-4 lg:py-4`}
      >
        <ul className="flex flex-col gap-1">
          {navEntries.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.to === '/'}
                onClick={() => setMenuOpen(false)}
                className={({ isActive }) => `${linkBase} ${isActive ? linkActive : linkIdle}`}
              >
                {t(entry.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
