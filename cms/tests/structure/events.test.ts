import type { Knex } from 'knex';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSubscribers, emit, subscribe, subscriberList, withCommitScope, type ShopEvents } from '../../src/utils/events';

/**
 * The shop's event module (cms/src/utils/events.ts) on its own, without Strapi: the two kinds of subscriber and
 * what their failures do. The API tests prove the subscribers the shop registers (invoices of paid orders, credit
 * notes of cancelled ones, the caches) through the answers they change.
 */
const trx = {} as Knex.Transaction;
const paid: ShopEvents['order.paid'] = { trx, documentId: 'doc-1', orderNumber: 'JL-20261126-0001' };

afterEach(() => {
  clearSubscribers();
  vi.restoreAllMocks();
});

describe('the shop’s events', () => {
  it('runs in-transaction subscribers at once, in order, and lets their failure reach the emitter', async () => {
    const seen: string[] = [];
    subscribe('order.paid', 'in-transaction', 'first', async () => {
      await Promise.resolve();
      seen.push('first');
    });
    subscribe('order.paid', 'in-transaction', 'second', ({ orderNumber }) => {
      seen.push(orderNumber);
      throw new Error('no invoice row');
    });
    await expect(emit('order.paid', paid)).rejects.toThrow('no invoice row');
    expect(seen).toEqual(['first', 'JL-20261126-0001']);
  });

  it('holds after-commit subscribers until the write transaction has committed, and drops them when it fails', async () => {
    const seen: string[] = [];
    subscribe('catalogue.changed', 'after-commit', 'cache', ({ scope }) => seen.push(scope));
    await withCommitScope(async () => {
      await emit('catalogue.changed', { scope: 'stock' });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['stock']);

    await expect(
      withCommitScope(async () => {
        await emit('catalogue.changed', { scope: 'all' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual(['stock']);
  });

  it('runs after-commit subscribers at once outside a write transaction; a failure is logged with the event’s name, never thrown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    subscribe('catalogue.changed', 'after-commit', 'broken cache', () => {
      throw new Error('boom');
    });
    subscribe('catalogue.changed', 'after-commit', 'async cache', () => Promise.reject(new Error('later boom')));
    subscribe('catalogue.changed', 'after-commit', 'good cache', ({ scope }) => seen.push(scope));
    await expect(emit('catalogue.changed', { scope: 'all' })).resolves.toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['all']);
    const lines = logged.mock.calls.map((call) => String(call[0]));
    expect(lines).toContain('[events] catalogue.changed: subscriber broken cache failed: boom');
    expect(lines).toContain('[events] catalogue.changed: subscriber async cache failed: later boom');
  });

  it('lists who listens to what, and knows only the events of its list', () => {
    subscribe('order.cancelled', 'in-transaction', 'credit note', () => undefined);
    expect(subscriberList()).toEqual([{ event: 'order.cancelled', kind: 'in-transaction', name: 'credit note' }]);
    // @ts-expect-error an event that is not in ShopEvents does not compile
    subscribe('order.teleported', 'after-commit', 'nobody', () => undefined);
    // @ts-expect-error a payload of another shape does not compile
    void emit('order.cancelled', { documentId: 'doc-1' });
  });
});
