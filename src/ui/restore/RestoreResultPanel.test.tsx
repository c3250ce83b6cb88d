// @vitest-environment happy-dom
// After a restore: each mint once with where it was listed and its sats, what could not be
// reached, and Retry only when something could not be.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
