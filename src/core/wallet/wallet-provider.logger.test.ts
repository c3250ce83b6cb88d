// What of cashu-ts' logging reaches the app's logger: errors and warnings, not its traces.
import { describe, expect, it } from 'vitest';
import { recordingLogger, type LogLine } from '../../testing/wallet/payment-harness';
import { cashuLogger } from './wallet-provider';

describe('cashuLogger', () => {
  it('passes errors and warnings on, with their context, and drops info, debug and trace', () => {
    const lines: LogLine[] = [];
    const logger = cashuLogger(recordingLogger(lines));
    logger.error('Mint refused', { code: 11001 });
    logger.warn('Retrying with the legacy message');
    logger.info('Unsubscribed {subId}', { subId: 'a' });
    logger.debug('MINT COMPLETED', { amounts: ['1'] });
    logger.trace('socket frame');
    logger.log('warn', 'Slow mint', { ms: 900 });
    logger.log('debug', 'mint counter', { counter: 4 });
    logger.log('info', 'Socket not open');
    expect(lines).toEqual([
      { level: 'error', message: 'Mint refused', data: [{ code: 11001 }] },
      { level: 'warn', message: 'Retrying with the legacy message', data: [undefined] },
      { level: 'warn', message: 'Slow mint', data: [{ ms: 900 }] },
    ]);
  });
});
