import { describe, expect, it } from 'vitest';
import { firstComeSlots, SlotWaitExpired } from './first-come-slots.js';

/** A piece of work that ends when told to, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, work: async () => (log.push(name), await opened, name) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('first-come slots', () => {
  it('runs at most `size` at once and starts the others in the order they asked', async () => {
    const slots = firstComeSlots(2);
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(log, name));
    const results = gates.map((g) => slots.run(g.work));
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect([slots.busy, slots.waiting]).toEqual([2, 3]);
    gates[1]!.open();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    // A newcomer while others wait goes to the back of the line.
    const late = gate(log, 'late');
    const lateResult = slots.run(late.work);
    gates[0]!.open();
    gates[2]!.open();
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd', 'e']);
    gates[3]!.open();
    await settle();
    expect(log.at(-1)).toBe('late');
    gates[4]!.open();
    late.open();
    expect(await Promise.all([...results, lateResult])).toEqual(['a', 'b', 'c', 'd', 'e', 'late']);
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('gives the place of a failed piece to the next one, and passes the failure on', async () => {
    const slots = firstComeSlots(1);
    const failing = slots.run(async () => {
      throw new Error('sin stock');
    });
    const next = slots.run(async () => 'siguiente');
    await expect(failing).rejects.toThrow('sin stock');
    expect(await next).toBe('siguiente');
    expect(slots.busy).toBe(0);
  });

  it('does not limit with a size of 0', async () => {
    const slots = firstComeSlots(0);
    const log: string[] = [];
    const gates = ['a', 'b', 'c'].map((name) => gate(log, name));
    const results = gates.map((g) => slots.run(g.work));
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    gates.forEach((g) => g.open());
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });
});

describe('first-come slots with a longest wait', () => {
  it('fails a piece that waited too long without starting it, and keeps the line for the others', async () => {
    const slots = firstComeSlots(1, 30);
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = slots.run(first.work);
    const expired = slots.run(async () => (log.push('never'), 'never'));
    await expect(expired).rejects.toBeInstanceOf(SlotWaitExpired);
    expect([slots.busy, slots.waiting]).toEqual([1, 0]);
    const next = gate(log, 'next');
    const nextResult = slots.run(next.work);
    first.open();
    await settle();
    next.open();
    expect([await running, await nextResult]).toEqual(['first', 'next']);
    expect(log).toEqual(['first', 'next']);
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });
});
