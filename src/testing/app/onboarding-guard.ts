// Test helper: runs an onboarding route guard against a flag that reads true, false or fails,
// returning its redirect (or null) and what it logged as errors.
import { silentLogger, type Logger } from '../../core/logger';

type Guard = (
  config: { isOnboarded: () => Promise<boolean> },
  logger: Logger,
) => () => Promise<Response | null>;

export async function runGuard(
  guard: Guard,
  flag: boolean | 'unreadable',
): Promise<{ response: Response | null; logged: unknown[] }> {
  const logged: unknown[] = [];
  const logger = { ...silentLogger, error: (...args: unknown[]) => void logged.push(args) };
  const isOnboarded = async () => {
    if (flag === 'unreadable') throw new Error('IndexedDB unavailable');
    return flag;
  };
  const response = await guard({ isOnboarded }, logger)();
  return { response, logged };
}
