// Test helper for the recovery phrase check: fills the three asked words of TEST_PHRASE, right
// or wrong ('abandon'), and submits once the button is enabled.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { TEST_PHRASE } from '../storage/db';

const WORDS = TEST_PHRASE.split(' ');

export async function answerPhraseCheck(right: boolean): Promise<void> {
  const fields = await screen.findAllByLabelText(/^Word \d+$/);
  expect(fields).toHaveLength(3);
  for (const field of fields) {
    const label = document.querySelector(`label[for="${field.id}"]`)?.textContent ?? '';
    const position = Number(label.replace('Word ', ''));
    // React's onChange listens for the input event, which is what typing fires.
    fireEvent.input(field, { target: { value: right ? WORDS[position - 1] : 'abandon' } });
  }
  const button = screen.getByRole('button', { name: 'Check words' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.submit(button.closest('form')!);
}
