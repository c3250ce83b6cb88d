// @vitest-environment happy-dom
// QrCode: 256 px, level L, black on white (docs/behaviour.md "Point of sale") and an accessible
// image name.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QrCode } from './QrCode';

afterEach(cleanup);

describe('QrCode', () => {
  it('renders a labelled 256 px black-on-white image of the value by default', () => {
    render(<QrCode value="hello" label="Test QR" />);
    const svg = screen.getByRole('img', { name: 'Test QR' });
    expect(svg.getAttribute('width')).toBe('256');
    expect(svg.getAttribute('height')).toBe('256');
    const paths = svg.querySelectorAll('path');
    expect(paths[0]?.getAttribute('fill')).toBe('#FFFFFF');
    expect(paths[1]?.getAttribute('fill')).toBe('#000000');
    expect(svg.closest('[data-qr-value]')?.getAttribute('data-qr-value')).toBe('hello');
  });

  it('uses error-correction level L: 17 bytes still fit the smallest 21×21 grid', () => {
    // Version 1 holds 17 bytes at level L but only 14 at M, so M would need 25×25.
    render(<QrCode value="abcdefghijklmnopq" />);
    expect(screen.getByRole('img', { name: 'QR code' }).getAttribute('viewBox')).toBe('0 0 21 21');
    cleanup();
    render(<QrCode value="abcdefghijklmnopq" level="M" />);
    expect(screen.getByRole('img').getAttribute('viewBox')).toBe('0 0 25 25');
  });

  it('accepts another size', () => {
    render(<QrCode value="x" size={200} />);
    expect(screen.getByRole('img').getAttribute('width')).toBe('200');
  });
});
