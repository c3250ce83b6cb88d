// @vitest-environment happy-dom
// Settings' relay status: each relay's delivery as the inbox reports it, updated in place.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayStatusBoard } from '../../core/remote-payments/merchant/relay-status';
import { deliveryAfterClose } from '../../core/remote-payments/relay-auth';
import type { Language } from '../../core/i18n/messages';
import { spanishOf } from '../../testing/ui/spanish';
import { renderIn } from '../../testing/ui/render-in';
import { englishText } from '../../ui/i18n';
import { RelayStatusList } from './RelayStatusList';
import { RELAY_STATUS_IDLE } from './locales/settings/en.json';
import * as SPANISH from './locales/settings/es.json';

const spanish = spanishOf(SPANISH);

afterEach(cleanup);

/** The list of a new board, in `language` or English: the board, to report on. */
function showBoard(language?: Language): RelayStatusBoard {
  const board = new RelayStatusBoard();
  renderIn(<RelayStatusList status={board} />, language);
  return board;
}

/** What a relay's row says. */
const row = (relay: string) => document.querySelector(`[data-relay="${relay}"]`)?.textContent ?? '';

describe('RelayStatusList', () => {
  it('says when this tab is not listening, then what each relay does', () => {
    const board = showBoard();
    expect(screen.getByText(englishText(RELAY_STATUS_IDLE))).toBeTruthy();

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
    expect(row('wss://open.example')).toContain('Connected: delivers payments.');
    expect(row('wss://dm.example')).toContain('signed in: delivers payments.');
    expect(row('wss://strict.example')).toContain(
      'Refuses this till, so no payments arrive through it: AUTH refused: restricted: not on our list',
    );
  });

  it("speaks Spanish when Spanish is chosen, the relay's reason as it came", () => {
    const board = showBoard(spanish);
    expect(screen.getByText('Estado de los relays')).toBeTruthy();
    act(() => board.reset(['wss://strict.example']));
    act(() => board.report('wss://strict.example', { state: 'unreachable', reason: 'timeout' }));
    expect(row('wss://strict.example')).toContain('Inalcanzable: timeout');
  });

  it('says our words around a relay’s reason in Spanish, the relay’s own words kept', () => {
    const board = showBoard(spanish);
    act(() => board.reset(['wss://gone.example', 'wss://strict.example']));
    act(() => {
      board.report('wss://gone.example', deliveryAfterClose(''));
      board.report(
        'wss://strict.example',
        deliveryAfterClose('auth was required and attempted, but failed with: restricted: no'),
      );
    });
    expect(row('wss://gone.example')).toContain('Inalcanzable: conexión cerrada');
    expect(row('wss://strict.example')).toContain('AUTH rechazado: restricted: no');
  });
});
