// @vitest-environment happy-dom
// Start-up's background work waits for the first screen before its idle callback, so it never
// runs inside a screen's load (decision 0019).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { readAppSettings } from '../start-up/env';
import { createBaseServices } from './base';
import { completeAndStart } from './startup';

afterEach(() => vi.restoreAllMocks());

describe('completeAndStart', () => {
  it('schedules the background work only once the first screen is shown', async () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    let shown!: () => void;
    const firstScreen = new Promise<void>((resolve) => (shown = resolve));
    const settings = readAppSettings({ VITE_AUDITOR_URL: '' });
    const base = createBaseServices(settings, { logger: silentLogger, dbName: 'startup-gate-1' });
    const services = completeAndStart(base, firstScreen);
    expect(services.payments).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).not.toHaveBeenCalled();
    shown();
    await vi.waitFor(() => expect(idle).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
    services.storage.close();
  });
});
