// Test helper: runs a step while the dev mint asks a higher Lightning fee reserve, then puts back
// the 1 % every other test expects.
import { expect } from 'vitest';

/** The dev mint's fee reserve, percent of the amount (POST /dev/config). */
async function setFeeReservePercent(mintUrl: string, percent: number): Promise<void> {
  const reply = await fetch(`${mintUrl}/dev/config`, {
    method: 'POST',
    body: JSON.stringify({ feeReservePercent: percent }),
  });
  expect(reply.ok).toBe(true);
}

export async function withFeeReservePercent<T>(
  mintUrl: string,
  percent: number,
  run: () => Promise<T>,
): Promise<T> {
  await setFeeReservePercent(mintUrl, percent);
  try {
    return await run();
  } finally {
    await setFeeReservePercent(mintUrl, 1);
  }
}
