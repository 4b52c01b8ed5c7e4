/**
 * The orders domain (checkout, quote, holds, numbers, dispatch, history, exports, dashboard insight): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { applyStatusChange, deleteOrder, type LockedOrder, lockOrder, ORDERS_TABLE } from './order-admin';
export { type Actor, recordStatusChange } from './order-history';
export { holdSweepNow, holdSweepSchedule } from './order-holds';
export { findOrderDocument, getOrder, ORDER_UID } from './order-read';
export { isoDate, isRecord, type OrderAnswer } from './order-view';
export { migrateLegacyFulfillment } from './order-fulfillment';
export { ORDER_LIST_INDEXES } from './order-list';
export { contactsMatching, ensureContactSearch, likeOf } from './contact-search';
export { ensureOrderCounts, ORDER_COUNT_CHANGES, ORDER_COUNTS } from './order-counts';
// Summary tables kept by a trigger's log (the customers table uses it too).
export { catchUp, ensureLoggedTable, isPostgres, lastLogId, quotedName } from './catch-up';
export { insertOrder, numberOrder, type NewOrder, type NewOrderItem } from './order-insert';
export { nextSequenceValue } from './order-number';
export { returnStock, takeStock, type StockLine, type TakeStockOptions } from './order-stock';
export { TRACKING_NOT_FOUND, findOrderByNumber } from './order-read';
export { staffActor } from './order-history';
