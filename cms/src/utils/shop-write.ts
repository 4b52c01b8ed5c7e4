import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The shop's own Document Service writes of orders and of its bookkeeping (a checkout creating its order, a history
 * entry, a proof, the back office deleting an order after giving its units back). Every other write of those types
 * (Strapi's panel at /cms, a script in `strapi console`) goes through the rules of src/bootstrap/panel-rules.ts.
 */
const shopWrites = new AsyncLocalStorage<true>();

export function asShopWrite<T>(work: () => Promise<T>): Promise<T> {
  return shopWrites.run(true, work);
}

export function isShopWrite(): boolean {
  return shopWrites.getStore() === true;
}
