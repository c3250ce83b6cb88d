// A checkstate reply is used only when it answers exactly the proofs asked about: the count, each
// Y once, a NUT-07 state. Anything else is refused whole.
import { describe, expect, it } from 'vitest';
import { CheckStateEnum } from '@cashu/cashu-ts';
import { mintStateChecker, ProofStateReplyError, readStates } from './checkstate';

const Ys = ['02aa', '02bb', '02cc'];
const reply = (states: unknown[]) => ({ states });

describe('readStates', () => {
  it('reads each asked Y once, in any order', () => {
    const states = readStates(
      Ys,
      reply([
        { Y: '02cc', state: 'PENDING', witness: null },
        { Y: '02aa', state: 'SPENT' },
        { Y: '02bb', state: 'UNSPENT' },
      ]),
    );
    expect([...states]).toEqual([
      ['02cc', 'PENDING'],
      ['02aa', 'SPENT'],
      ['02bb', 'UNSPENT'],
    ]);
  });

  it.each([
    [
      'one state missing',
      reply([
        { Y: '02aa', state: 'SPENT' },
        { Y: '02bb', state: 'SPENT' },
      ]),
    ],
    ['one state too many', reply([...Ys, '02dd'].map((Y) => ({ Y, state: 'UNSPENT' })))],
    ['a Y not asked about', reply(['02aa', '02bb', '02dd'].map((Y) => ({ Y, state: 'UNSPENT' })))],
    ['a Y twice', reply(['02aa', '02aa', '02bb'].map((Y) => ({ Y, state: 'SPENT' })))],
    ['a state NUT-07 does not name', reply(Ys.map((Y) => ({ Y, state: 'RESERVED' })))],
    ['no states at all', {}],
    ['not an object', null],
  ])('refuses a reply with %s', (_, body) => {
    expect(() => readStates(Ys, body)).toThrow(ProofStateReplyError);
  });
});

describe('mintStateChecker', () => {
  it('asks 100 at a time and refuses everything when one batch is malformed', async () => {
    const asked: number[] = [];
    const many = Array.from({ length: 250 }, (_, i) => `02${i.toString(16).padStart(4, '0')}`);
    const checker = mintStateChecker({
      check: async ({ Ys: batch }) => {
        asked.push(batch.length);
        // The last batch leaves one state out.
        const answered = asked.length === 3 ? batch.slice(1) : batch;
        return { states: answered.map((Y) => ({ Y, state: CheckStateEnum.SPENT, witness: null })) };
      },
    });
    await expect(checker.check(many)).rejects.toThrow(ProofStateReplyError);
    expect(asked).toEqual([100, 100, 50]);
  });
});
