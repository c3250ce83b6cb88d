// @vitest-environment happy-dom
// The restore progress panel says how many of the mint's signatures were refused, once any were.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RestoreProgressPanel } from './RestoreProgressPanel';

const progress = {
  mintUrl: 'https://mint.example',
  mintIndex: 1,
  mintCount: 1,
  keysetIndex: 1,
  keysetCount: 1,
  foundSats: 30,
};

afterEach(cleanup);

describe('RestoreProgressPanel', () => {
  it('shows no refusal line while every signature passed', () => {
    render(<RestoreProgressPanel progress={progress} onCancel={() => {}} cancelling={false} />);
    expect(screen.queryByTestId('restore-refused')).toBeNull();
  });

  it('counts the signatures that failed their check', () => {
    render(
      <RestoreProgressPanel
        progress={{ ...progress, refusedSignatures: 3 }}
        onCancel={() => {}}
        cancelling={false}
      />,
    );
    expect(screen.getByTestId('restore-refused').textContent).toBe(
      '3 signatures from the mint failed their check and were not stored',
    );
  });
});
