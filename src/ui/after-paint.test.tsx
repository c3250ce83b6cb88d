// @vitest-environment happy-dom
// A part a screen mounts after its first paint: absent from the first render and its commit,
// there once a frame has been painted.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePainted } from './after-paint';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Screen() {
  const painted = usePainted();
  return (
    <>
      <button type="button">Submit</button>
      {painted ? <p>Who is at the till</p> : null}
    </>
  );
}

describe('usePainted', () => {
  it('leaves the later part out of the first commit and adds it after the next frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    render(<Screen />);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByText('Who is at the till')).toBeNull();
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('Who is at the till')).toBeTruthy();
  });
});
