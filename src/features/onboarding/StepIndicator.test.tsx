// @vitest-environment happy-dom
// The progress line names the current step, since at phone size the names under the bars hide.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { englishText } from '../../ui/i18n';
import { STEPS_LABEL } from './locales/onboarding/en.json';
import { StepIndicator } from './StepIndicator';

describe('StepIndicator', () => {
  it('says which step this is by number and by name', () => {
    render(<StepIndicator current={2} />);
    const nav = screen.getByRole('navigation', { name: englishText(STEPS_LABEL) });
    expect(nav.querySelector('p')?.textContent).toBe('Step 2 of 4: Mint');
    expect(nav.querySelector('[aria-current="step"]')?.textContent).toBe('Mint');
  });
});
