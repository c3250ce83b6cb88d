// @vitest-environment happy-dom
// The recovery phrase grid, and its placeholder: the same grid and cells, so swapping one for the
// other moves nothing below it (e2e onboarding ticks the checkbox as the words arrive).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhraseWords, PhraseWordsPlaceholder } from './PhraseWords';

afterEach(cleanup);

const PHRASE =
  'abandon ability able about above absent absorb abstract absurd abuse access accident';

describe('PhraseWords', () => {
  it('numbers the words in order', () => {
    render(<PhraseWords phrase={PHRASE} />);
    expect(screen.getAllByTestId('phrase-word').map((word) => word.textContent)).toEqual(
      PHRASE.split(' '),
    );
    expect(screen.getByRole('list', { name: 'Recovery phrase' }).textContent).toMatch(
      /^1\.abandon2\./,
    );
  });

  it('has a placeholder of the same grid and cells, hidden from assistive tech, with its text over it', () => {
    const { container } = render(
      <>
        <PhraseWords phrase={PHRASE} />
        <PhraseWordsPlaceholder>Generating your recovery phrase...</PhraseWordsPlaceholder>
      </>,
    );
    const grid = screen.getByTestId('phrase-words');
    const placeholder = container.querySelector('[aria-hidden="true"]')!;
    expect(placeholder.className).toBe(grid.className);
    const cells = [...placeholder.children];
    expect(cells).toHaveLength(12);
    const wordCell = grid.querySelector('li')!.className.split(' ');
    for (const cell of cells) {
      // Every class that sizes a cell (padding, font, text size) is on both.
      for (const sizing of ['px-3', 'py-2', 'font-mono', 'text-sm']) {
        expect(wordCell).toContain(sizing);
        expect(cell.className.split(' ')).toContain(sizing);
      }
      expect(cell.textContent).toBe('\u00a0');
    }
    expect(screen.getByText('Generating your recovery phrase...')).toBeTruthy();
    expect(screen.queryAllByTestId('phrase-word')).toHaveLength(12);
  });
});
