// @vitest-environment happy-dom
// Settings' remote cashier mints on real storage: the current mint and the ones kept from before,
// removing one (the profile is republished), the unlocked-sales setting, and the refusal counts.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { Storage } from '../../storage';
import { storageWithSettings } from '../../testing/storage/db';
import { RemoteMintSettings } from './RemoteMintSettings';

const opened: Storage[] = [];
afterEach(() => {
  cleanup();
  for (const storage of opened.splice(0)) storage.close();
});

const OLD = 'https://old.mint.example';
const CURRENT = 'https://current.mint.example';

async function renderMints() {
  const storage = await storageWithSettings(['wss://relay.example']);
  opened.push(storage);
  await storage.config.setMintUrl(OLD);
  await storage.merchantTrust.acceptedMints();
  await storage.config.setMintUrl(CURRENT);
  await storage.merchantTrust.countRefused([
    { kind: 'mint', quote: 'q1' },
    { kind: 'lines', quote: 'q2' },
  ]);
  const sync = vi.fn(() => Promise.resolve());
  render(
    <RemoteMintSettings
      store={storage.merchantTrust}
      merchantProfile={{ sync }}
      logger={silentLogger}
    />,
  );
  await screen.findByText('Mints cashiers sell on');
  return { storage, sync };
}

describe('RemoteMintSettings', () => {
  it('lists the current mint and one kept from before, and removing it republishes the profile', async () => {
    const { storage, sync } = await renderMints();
    const list = screen.getByTestId('accepted-mints');
    expect(list.textContent).toContain(`${CURRENT} (current mint)`);
    expect(list.textContent).toContain(OLD);
    expect(screen.queryByRole('button', { name: `Remove ${CURRENT}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Remove ${OLD}` }));
    await waitFor(() =>
      expect(screen.getByTestId('accepted-mints').textContent).not.toContain(OLD),
    );
    expect(await storage.merchantTrust.acceptedMints()).toEqual([CURRENT]);
    expect(sync).toHaveBeenCalled();
  });

  it('keeps unlocked sales off until ticked, and shows the refusals by reason', async () => {
    const { storage, sync } = await renderMints();
    const box = screen.getByLabelText(
      'Accept sales on mints that cannot lock quotes',
    ) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(async () => expect(await storage.merchantTrust.acceptsUnlocked()).toBe(true));
    await waitFor(() => expect(sync).toHaveBeenCalled());
    expect(screen.getByTestId('refused-payments').textContent).toContain(
      'On a mint you do not accept: 1',
    );
    expect(screen.getByTestId('refused-payments').textContent).toContain(
      'Lines not matching your items (paid, kept at your prices): 1',
    );
  });
});
