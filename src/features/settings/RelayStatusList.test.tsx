// @vitest-environment happy-dom
// Settings' relay status: each relay's delivery as the inbox reports it, updated in place.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayStatusBoard } from '../../core/remote-payments/merchant/relay-status';
import { RELAY_STATUS_IDLE, RelayStatusList } from './RelayStatusList';

afterEach(cleanup);

describe('RelayStatusList', () => {
  it('says when this tab is not listening, then what each relay does', () => {
    const board = new RelayStatusBoard();
    render(<RelayStatusList status={board} />);
    expect(screen.getByText(RELAY_STATUS_IDLE)).toBeTruthy();

    act(() => board.reset(['wss://open.example', 'wss://dm.example', 'wss://strict.example']));
    expect(screen.getAllByText('Connecting...')).toHaveLength(3);

    act(() => {
      board.report('wss://open.example', { state: 'connected' });
      board.report('wss://dm.example', { state: 'authenticated' });
      board.report('wss://strict.example', {
        state: 'refused',
        reason: 'AUTH refused: restricted: not on our list',
      });
    });
    const row = (relay: string) =>
      document.querySelector(`[data-relay="${relay}"]`)?.textContent ?? '';
    expect(row('wss://open.example')).toContain('Connected: delivers payments.');
    expect(row('wss://dm.example')).toContain('signed in: delivers payments.');
    expect(row('wss://strict.example')).toContain(
      'Refuses this till, so no payments arrive through it: AUTH refused: restricted: not on our list',
    );
  });
});
