// @vitest-environment happy-dom
// Settings' "Accept ecash from other mints" on real storage: off by default, saved when ticked,
// put back when it cannot be saved.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { Storage } from '../../storage';
import { storageWithSettings } from '../../testing/storage/db';
import { ForeignEcashSetting } from './ForeignEcashSetting';
import { englishText } from '../../ui/i18n';
import { FOREIGN_ECASH_SWITCH } from './texts';

const opened: Storage[] = [];
afterEach(() => {
  cleanup();
  for (const storage of opened.splice(0)) storage.close();
});

describe('ForeignEcashSetting', () => {
  it('is off by default and saved when ticked and unticked', async () => {
    const storage = await storageWithSettings(['wss://relay.example']);
    opened.push(storage);
    render(<ForeignEcashSetting store={storage.foreignEcash} logger={silentLogger} />);
    const box = await screen.findByRole('checkbox', {
      name: englishText(FOREIGN_ECASH_SWITCH.label),
    });
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(box);
    await waitFor(async () => expect(await storage.foreignEcash.acceptsOtherMints()).toBe(true));
    await waitFor(() => expect(box).toHaveProperty('disabled', false));
    fireEvent.click(box);
    await waitFor(async () => expect(await storage.foreignEcash.acceptsOtherMints()).toBe(false));
  });

  it('a write that fails puts the box back', async () => {
    const store = {
      acceptsOtherMints: async () => false,
      setAcceptsOtherMints: async () => {
        throw new Error('quota');
      },
    };
    render(<ForeignEcashSetting store={store} logger={silentLogger} />);
    const box = await screen.findByRole('checkbox', {
      name: englishText(FOREIGN_ECASH_SWITCH.label),
    });
    fireEvent.click(box);
    await waitFor(() => expect(box).toHaveProperty('disabled', false));
    expect(box).toHaveProperty('checked', false);
  });
});
