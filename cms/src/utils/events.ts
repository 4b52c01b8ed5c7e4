import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';

/**
 * The shop's own events: how a domain on a lower floor makes a higher one act without importing it
 * (docs/architecture.md, "Floors and events"). A lower domain emits; the higher one's subscriber is registered at
 * start-up, in one place (src/bootstrap/subscribers.ts). In-process and synchronous with the emitter: nothing here
 * talks to the outside world; work for ARCA, Mercado Pago or SMTP is a durable row that a worker picks up.
 *
 * Every event, with its payload, is listed here; an unknown name or a wrong payload is a type error.
 */
export interface ShopEvents {
  /**
   * This process's cached catalogue answers stopped being valid (catalogue-version.ts): after a write committed,
   * at once in a transaction that is not the shop's own (Strapi's panel, the seed), or when another process said
   * so. `stock`: only units moved (every order); `all`: anything else (texts, prices, promotions, settings).
   * Subscribers: after commit (caches, the 'Avisame' sweep).
   */
  'catalogue.changed': { scope: 'stock' | 'all' };
  /**
   * Units of a product's variants changed (every writer goes through the stock ledger's recordStockChange), inside
   * the changing transaction. Subscribers: in the transaction (channels: the Mercado Libre listing's sync job), and
   * after commit (channels: the sync worker is woken).
   */
  'stock.changed': { trx: Knex.Transaction; productDocumentId: string; variantIds: readonly string[] };
  /**
   * A product was written through the model (the shop's editor, Strapi's panel): its texts, photos, price or variants
   * may have changed. After the write (its transaction committed, or at once without one). Subscribers: after commit
   * (channels: the listing's sync job).
   */
  'product.changed': { documentId: string };
  /**
   * An order became paid (a checkout paid on the spot, a staff status change, a Mercado Pago approval), inside the
   * transaction that made it so. Subscribers: in the transaction (the invoice waiting for ARCA).
   */
  'order.paid': { trx: Knex.Transaction; documentId: string; orderNumber: string; total?: number };
  /**
   * An order moved to a status that gives its units back (cancelled, refunded), inside the transaction that moved
   * it. Subscribers: in the transaction (the credit note waiting for ARCA, when the order was invoiced).
   */
  'order.cancelled': { trx: Knex.Transaction; documentId: string; orderNumber: string };
  /**
   * A counter sale (POST /orders/manual with registerId) was numbered, inside its transaction: its payments belong
   * to the open session of the register. Subscribers: in the transaction (the counter records the payments, and
   * refuses the sale with a 409 when the register is not open or a 400 when the payments do not add up to `total`).
   */
  'order.counterSale': {
    trx: Knex.Transaction;
    documentId: string;
    orderNumber: string;
    total: number;
    registerId: number;
    payments: readonly { method: 'cash' | 'card' | 'qr' | 'transfer'; amount: number; tendered?: number }[];
    by: { id: number; name: string };
  };
  /**
   * ARCA authorised an order's invoice (the invoicing worker, outside any transaction). Subscribers: after commit (a
   * Mercado Libre sale's invoice queued for upload as its fiscal document).
   */
  'invoice.authorized': { orderDocumentId: string; orderNumber: string | null };
  /**
   * A return was received with its money given back in cash at a register (PUT /returns/{id}/status with
   * `refundMethod: 'cash'`), or a withdrawal (botón de arrepentimiento) refunded so (PUT /withdrawals/{id}, `refunded`
   * with `refundMethod: 'cash'` and `registerId`; `returnNumber` is then "Arrepentimiento ARR-…"), inside the
   * transaction that records it. Subscribers: in the transaction (the counter
   * writes the refund movement in the register's open session, and refuses with a 409 when the register is not open
   * or its drawer should not hold that much cash, so nothing is received).
   */
  'return.cashRefund': {
    trx: Knex.Transaction;
    registerId: number;
    amount: number;
    returnNumber: string;
    orderNumber: string;
    by: { id: number | null; name: string };
  };
}

export type ShopEventName = keyof ShopEvents;

/**
 * - `in-transaction`: writes rows that must exist if and only if the change commits; runs inside the emitting
 *   transaction, awaited, and its failure rolls the change back.
 * - `after-commit`: anything else (caches, counters); runs once the emitting write transaction has committed (at
 *   once when there is none); its failure is logged with the event's name and never reaches the request.
 */
export type SubscriberKind = 'in-transaction' | 'after-commit';

type Handler<N extends ShopEventName> = (payload: ShopEvents[N]) => unknown;
interface Subscriber<N extends ShopEventName> {
  kind: SubscriberKind;
  name: string;
  handler: Handler<N>;
}

const subscribers = new Map<ShopEventName, Subscriber<ShopEventName>[]>();

/** Registers a subscriber (at start-up: src/bootstrap/subscribers.ts). `name` says who it is in the logs. */
export function subscribe<N extends ShopEventName>(event: N, kind: SubscriberKind, name: string, handler: Handler<N>): void {
  const list = subscribers.get(event) ?? [];
  list.push({ kind, name, handler: handler as Handler<ShopEventName> });
  subscribers.set(event, list);
}

/** Forgets every subscriber (a test's own bus, or a process stopping). */
export function clearSubscribers(): void {
  subscribers.clear();
}

/** The subscribers of each event, by kind and name (the structure test and docs/architecture.md read them). */
export function subscriberList(): { event: ShopEventName; kind: SubscriberKind; name: string }[] {
  return [...subscribers].flatMap(([event, list]) => list.map(({ kind, name }) => ({ event, kind, name })));
}

function logFailure(event: ShopEventName, name: string, err: unknown): void {
  const text = err instanceof Error ? err.message : String(err);
  const log = (globalThis as { strapi?: { log?: { error(message: string): void } } }).strapi?.log;
  if (log) log.error(`[events] ${event}: subscriber ${name} failed: ${text}`);
  else console.error(`[events] ${event}: subscriber ${name} failed: ${text}`);
}

function runAfterCommit<N extends ShopEventName>(event: N, subscriber: Subscriber<ShopEventName>, payload: ShopEvents[N]): void {
  try {
    const result = subscriber.handler(payload);
    if (result instanceof Promise) result.catch((err: unknown) => logFailure(event, subscriber.name, err));
  } catch (err) {
    logFailure(event, subscriber.name, err);
  }
}

/** What a write transaction collects to run once it has committed (see `withCommitScope`). */
interface CommitScope {
  afterCommit: (() => unknown)[];
  /** What must join the transaction itself, run with it after its work and just before its commit. */
  beforeCommit: ((trx: Knex.Transaction) => Promise<unknown>)[];
  state: Map<symbol, unknown>;
}

const scopes = new AsyncLocalStorage<CommitScope>();

/**
 * Runs `run` (one write transaction attempt) collecting what must wait for its commit; once it resolved, runs that
 * in order. A failed attempt drops what it collected. Nested calls join the outer scope.
 */
export async function withCommitScope<T>(run: (beforeCommit: (trx: Knex.Transaction) => Promise<void>) => Promise<T>): Promise<T> {
  if (scopes.getStore()) return run(async () => undefined);
  const scope: CommitScope = { afterCommit: [], beforeCommit: [], state: new Map() };
  // Only the scope's owner (the outermost write transaction) runs the work held for its commit, once its own work is done.
  const beforeCommit = async (trx: Knex.Transaction) => {
    for (const work of scope.beforeCommit) await work(trx);
  };
  const result = await scopes.run(scope, () => run(beforeCommit));
  for (const work of scope.afterCommit) await work();
  return result;
}

/**
 * The state a domain keeps for the write transaction under way (created by `create` on first use, with the work
 * to run after its commit and, optionally, the work to join it just before its commit: a `writeTransaction` runs that
 * last, with its own transaction; a transaction opened elsewhere, e.g. by Strapi's panel, does not, so its after-commit
 * work must not count on it), or null outside one.
 */
export function commitState<S>(
  key: symbol,
  create: () => { state: S; afterCommit: () => unknown; beforeCommit?: (trx: Knex.Transaction) => Promise<unknown> },
): S | null {
  const scope = scopes.getStore();
  if (!scope) return null;
  if (!scope.state.has(key)) {
    const made = create();
    scope.state.set(key, made.state);
    scope.afterCommit.push(made.afterCommit);
    if (made.beforeCommit) scope.beforeCommit.push(made.beforeCommit);
  }
  return scope.state.get(key) as S;
}

/** Runs `work` outside any write transaction's scope: what it emits is not held for that transaction's commit. */
export function outsideCommitScope<T>(work: () => T): T {
  return scopes.exit(work);
}

/**
 * Emits an event: its in-transaction subscribers run now, one after another, and their failure is the caller's;
 * its after-commit subscribers run once the write transaction under way has committed, or at once without one.
 */
export async function emit<N extends ShopEventName>(event: N, payload: ShopEvents[N]): Promise<void> {
  const list = subscribers.get(event) ?? [];
  for (const subscriber of list) if (subscriber.kind === 'in-transaction') await subscriber.handler(payload);
  const after = list.filter((subscriber) => subscriber.kind === 'after-commit');
  if (after.length === 0) return;
  const runAll = () => after.forEach((subscriber) => runAfterCommit(event, subscriber, payload));
  const scope = scopes.getStore();
  if (scope) scope.afterCommit.push(runAll);
  else runAll();
}
