// @vitest-environment happy-dom
// After a restore: each mint once with where it was listed and its sats, what could not be
// reached, and Retry only when something could not be.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Language } from '../../core/i18n/messages';
import { renderIn } from '../../testing/ui/render-in';
import { spanishOf } from '../../testing/ui/spanish';
import * as SPANISH from '../locales/restore/es.json';
import { RestoreResultPanel, type RestoreResultView } from './RestoreResultPanel';

afterEach(cleanup);

/** The panel after a finished restore of `mints`, in `language` (English when none). */
function showResult(
  result: Omit<RestoreResultView, 'cancelled'>,
  onRetry: () => void = () => {},
  language?: Language,
) {
  renderIn(
    <RestoreResultPanel
      result={{ cancelled: false, ...result }}
      onRetry={onRetry}
      onClose={() => {}}
      retrying={false}
    />,
    language,
  );
}

const reached = {
  mintUrl: 'https://a.example',
  foundSats: 1200,
  sources: ['settings', 'backup'] as const,
};

describe('RestoreResultPanel', () => {
  it('lists each mint with its sources and sats, and offers Retry for one not reached', () => {
    const onRetry = vi.fn();
    showResult(
      {
        totalSats: 1200,
        mints: [
          { ...reached, sources: [...reached.sources] },
          {
            mintUrl: 'https://b.example',
            foundSats: 0,
            sources: ['profile'],
            error:
              'Could not reach this mint (timeout). Nothing stored was changed; try Recover funds again later.',
          },
        ],
      },
      onRetry,
    );
    expect(screen.getByText('Recovery finished: 1,200 sats found')).toBeTruthy();
    const rows = screen.getAllByTestId('restore-mint').map((row) => row.textContent);
    expect(rows).toEqual([
      'https://a.exampleFound in: mint in Settings, mint list backup1,200 sats found',
      'https://b.exampleFound in: shop profileCould not reach this mint (timeout). Nothing stored was changed; try Recover funds again later.',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has no Retry when every mint was scanned and the lists were read', () => {
    showResult({ totalSats: 1200, mints: [{ ...reached, sources: ['settings'] }] });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('RestoreResultPanel with dollars found', () => {
  it('says each mint’s finds in their own units, never dollars as sats', () => {
    showResult({
      totalSats: 7,
      mints: [
        { mintUrl: 'https://a.example', foundSats: 7, foundInUnits: { usd: 352 } },
        { mintUrl: 'https://b.example', foundSats: 0, foundInUnits: { usd: 350, eur: 120 } },
        { mintUrl: 'https://c.example', foundSats: 5, foundInUnits: { usd: 100 }, lockedSats: 5 },
      ],
    });
    expect(screen.getAllByTestId('restore-mint-state').map((line) => line.textContent)).toEqual([
      '7 sats, 3.52 USD found',
      '3.50 USD, 1.20 EUR found',
      '5 sats, 1.00 USD found, 5 sats of them from sales taken while locked',
    ]);
  });

  it('says them in Spanish with the language’s decimals', () => {
    showResult(
      {
        totalSats: 0,
        mints: [{ mintUrl: 'https://b.example', foundSats: 0, foundInUnits: { usd: 350 } }],
      },
      () => {},
      spanishOf(SPANISH),
    );
    expect(screen.getByTestId('restore-mint-state').textContent).toMatch(/^Encontrado: 3,50\sUSD$/);
  });
});

describe('RestoreResultPanel for one sat', () => {
  it('says "1 sat", not "1 sats"', () => {
    showResult({ totalSats: 1, mints: [{ mintUrl: reached.mintUrl, foundSats: 1 }] });
    expect(screen.getByText('Recovery finished: 1 sat found')).toBeTruthy();
    expect(screen.getByTestId('restore-mint-state').textContent).toBe('1 sat found');
  });
});

describe('RestoreResultPanel in Spanish', () => {
  it('says the title, the sources and why a mint was not reached, the mint keeping its URL', () => {
    showResult(
      {
        totalSats: 1200,
        mints: [
          {
            mintUrl: 'https://b.example',
            foundSats: 0,
            sources: ['locked-sale'],
            error: 'Could not reach this mint (timeout). …',
            errorTexts: [{ key: 'RESTORE_UNREACHABLE', values: { detail: 'timeout' } }],
          },
        ],
        discoveryError: 'Could not read the mint lists from your relays',
      },
      () => {},
      spanishOf(SPANISH),
    );
    expect(screen.getByText('Recuperación terminada: 1200 sats encontrados')).toBeTruthy();
    expect(screen.getByTestId('restore-mint').textContent).toBe(
      'https://b.exampleEncontrado en: venta cobrada con la caja bloqueadaNo se pudo contactar con este mint (timeout). No se cambió nada de lo guardado; vuelve a probar Recuperar fondos más tarde.',
    );
    expect(screen.getByText('No se pudieron leer las listas de mints de tus relays')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
