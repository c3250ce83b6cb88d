// @vitest-environment happy-dom
// After a restore: each mint once with where it was listed and its sats, what could not be
// reached, and Retry only when something could not be.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { spanishOf } from '../../testing/ui/spanish';
import { LanguageContext } from '../i18n';
import * as SPANISH from '../locales/restore/es.json';
import { RestoreResultPanel } from './RestoreResultPanel';

afterEach(cleanup);

const reached = {
  mintUrl: 'https://a.example',
  foundSats: 1200,
  sources: ['settings', 'backup'] as const,
};

describe('RestoreResultPanel', () => {
  it('lists each mint with its sources and sats, and offers Retry for one not reached', () => {
    const onRetry = vi.fn();
    render(
      <RestoreResultPanel
        result={{
          cancelled: false,
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
        }}
        onRetry={onRetry}
        onClose={() => {}}
        retrying={false}
      />,
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
    render(
      <RestoreResultPanel
        result={{
          cancelled: false,
          totalSats: 1200,
          mints: [{ ...reached, sources: ['settings'] }],
        }}
        onRetry={() => {}}
        onClose={() => {}}
        retrying={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('RestoreResultPanel for one sat', () => {
  it('says "1 sat", not "1 sats"', () => {
    render(
      <RestoreResultPanel
        result={{
          cancelled: false,
          totalSats: 1,
          mints: [{ mintUrl: reached.mintUrl, foundSats: 1 }],
        }}
        onRetry={() => {}}
        onClose={() => {}}
        retrying={false}
      />,
    );
    expect(screen.getByText('Recovery finished: 1 sat found')).toBeTruthy();
    expect(screen.getByTestId('restore-mint-state').textContent).toBe('1 sat found');
  });
});

describe('RestoreResultPanel in Spanish', () => {
  it('says the title, the sources and why a mint was not reached, the mint keeping its URL', () => {
    render(
      <LanguageContext.Provider value={spanishOf(SPANISH)}>
        <RestoreResultPanel
          result={{
            cancelled: false,
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
          }}
          onRetry={() => {}}
          onClose={() => {}}
          retrying={false}
        />
      </LanguageContext.Provider>,
    );
    expect(screen.getByText('Recuperación terminada: 1200 sats encontrados')).toBeTruthy();
    expect(screen.getByTestId('restore-mint').textContent).toBe(
      'https://b.exampleEncontrado en: venta cobrada con la caja bloqueadaNo se pudo contactar con este mint (timeout). No se cambió nada de lo guardado; vuelve a probar Recuperar fondos más tarde.',
    );
    expect(screen.getByText('No se pudieron leer las listas de mints de tus relays')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
