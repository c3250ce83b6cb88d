// Main layout (docs/behaviour.md "Navigation shell"): navigation shell plus the content area the
// child routes render into.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NavShell } from './NavShell';

/**
 * `banner`: shown above the screen, e.g. the restore scan's progress or the update prompt.
 * `status`: the connection indicator in the shell.
 */
export function AppLayout({ banner, status }: { banner?: ReactNode; status?: ReactNode } = {}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <NavShell status={status} />
      <main className="px-4 py-6 lg:pl-72 lg:pr-8 lg:py-8">
        {/* Screens read best in one column of 48 rem; the counter, with its grid beside the cart,
            takes the width up to 72 rem (docs/behaviour.md "Layouts"). */}
        <div className="mx-auto max-w-3xl has-[[data-wide-layout]]:max-w-6xl">
          {banner}
          <Outlet />
        </div>
      </main>
    </div>
  );
}
