// Start-up resume of withdrawal watches: only when onboarded, failures only logged.
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../core/logger';
import { resumeWithdrawals } from './withdraw-resume';

describe('resumeWithdrawals', () => {
  it('resumes the watches of an onboarded device', async () => {
    const resumeAll = vi.fn(async () => {});
    await resumeWithdrawals({
      withdraw: { resumeAll },
      config: { isOnboarded: async () => true },
      logger: silentLogger,
    });
    expect(resumeAll).toHaveBeenCalledTimes(1);
  });

  it('does nothing before onboarding', async () => {
    const resumeAll = vi.fn(async () => {});
    await resumeWithdrawals({
      withdraw: { resumeAll },
      config: { isOnboarded: async () => false },
      logger: silentLogger,
    });
    expect(resumeAll).not.toHaveBeenCalled();
  });

  it('logs a failure instead of rejecting', async () => {
    const error = vi.fn();
    await resumeWithdrawals({
      withdraw: { resumeAll: async () => Promise.reject(new Error('mint down')) },
      config: { isOnboarded: async () => true },
      logger: { ...silentLogger, error },
    });
    expect(error).toHaveBeenCalledWith('Resuming withdrawal watches failed', expect.any(Error));
  });
});
