// @vitest-environment happy-dom
// Button: every variant × size renders its styling, and props reach the native button.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Button,
  buttonSizeClasses,
  buttonVariantClasses,
  type ButtonSize,
  type ButtonVariant,
} from './Button';

afterEach(cleanup);

const variants: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'outline'];
const sizes: ButtonSize[] = ['sm', 'md', 'lg'];

describe('Button', () => {
  it.each(variants.flatMap((variant) => sizes.map((size) => [variant, size] as const)))(
    'renders the %s variant at size %s with that styling',
    (variant, size) => {
      render(
        <Button variant={variant} size={size}>
          Pay
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Pay' });
      for (const cls of buttonVariantClasses[variant].split(' '))
        expect(button.className).toContain(cls);
      for (const cls of buttonSizeClasses[size].split(' ')) expect(button.className).toContain(cls);
      expect(button.dataset.variant).toBe(variant);
      expect(button.dataset.size).toBe(size);
    },
  );

  it('gives each variant a distinct look', () => {
    expect(new Set(Object.values(buttonVariantClasses)).size).toBe(variants.length);
    expect(new Set(Object.values(buttonSizeClasses)).size).toBe(sizes.length);
  });

  it('defaults to a primary, medium, non-submitting button', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.dataset.variant).toBe('primary');
    expect(button.dataset.size).toBe('md');
    expect(button.getAttribute('type')).toBe('button');
  });

  it('forwards native props, extra classes and clicks', () => {
    const onClick = vi.fn();
    render(
      <Button type="submit" aria-label="Submit amount" className="w-full" onClick={onClick}>
        OK
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Submit amount' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.className).toContain('w-full');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not fire clicks when disabled', () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
