// @vitest-environment happy-dom
// Who may give a discount at the till: anyone, a manager or the owner, or a cashier after the
// merchant PIN; nothing is offered before the shop's rule is read.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StaffRef } from '../../core/staff/staff';
import type { DiscountPin } from './deps';
import { useDiscountRule } from './use-discount-rule';

const cashier: StaffRef = { id: 'c', name: 'Ana', role: 'cashier' };
const manager: StaffRef = { id: 'm', name: 'Bo', role: 'manager' };

function pin(open: boolean): DiscountPin {
  return {
    open: vi.fn(async () => open),
    enter: vi.fn(async () => ({ ok: true as const })),
    waitMs: vi.fn(async () => 0),
  };
}

async function asked(rule: ReturnType<typeof useDiscountRule>) {
  const then = vi.fn();
  await act(async () => rule.ask?.(then));
  return then;
}

describe('useDiscountRule', () => {
  it('offers nothing before the rule is read', () => {
    const { result } = renderHook(() => useDiscountRule(undefined, cashier, pin(false)));
    expect(result.current.ask).toBeUndefined();
  });

  it('lets anyone give one where the shop says so, without the PIN', async () => {
    const locked = pin(false);
    const { result } = renderHook(() => useDiscountRule('anyone', cashier, locked));
    expect(await asked(result.current)).toHaveBeenCalled();
    expect(locked.open).not.toHaveBeenCalled();
  });

  it('lets a manager give one without the PIN where only the merchant or a manager may', async () => {
    const { result } = renderHook(() => useDiscountRule('pin', manager, pin(false)));
    expect(await asked(result.current)).toHaveBeenCalled();
  });

  it('asks a cashier for the PIN, and gives none until it is entered', async () => {
    const { result } = renderHook(() => useDiscountRule('pin', cashier, pin(false)));
    const then = await asked(result.current);
    expect(then).not.toHaveBeenCalled();
    expect(result.current.prompt).not.toBeNull();
  });

  it('goes on at once while the PIN gate is open (no PIN set, or one just entered)', async () => {
    const { result } = renderHook(() => useDiscountRule('pin', undefined, pin(true)));
    expect(await asked(result.current)).toHaveBeenCalled();
  });

  it('offers none where the PIN is needed and cannot be asked', () => {
    const { result } = renderHook(() => useDiscountRule('pin', cashier, undefined));
    expect(result.current.ask).toBeUndefined();
  });
});
