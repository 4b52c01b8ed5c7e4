/**
 * The orders domain (checkout, quote, holds, numbers, dispatch, history, exports, dashboard insight): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { applyStatusChange, deleteOrder, type LockedOrder, lockOrder, ORDERS_TABLE } from './order-admin';
export { type Actor, recordStatusChange } from './order-history';
export { holdSweepNow, holdSweepSchedule } from './order-holds';
export { findOrderDocument, getOrder, ORDER_UID } from './order-read';
export { type OrderAnswer } from './order-view';
export { migrateLegacyFulfillment } from './order-fulfillment';
export { ORDER_LIST_INDEXES } from './order-list';
export { currentOrderCounts, ensureOrderCounts, ORDER_COUNT_CHANGES, ORDER_COUNTS } from './order-counts';
export { NOT_DELIVERED } from './order-dispatch';
export { channelCondition } from './order-list-filters';
export { fulfillmentStepsOf, ORDER_POPULATE } from './order-view';
export { insertOrder, numberOrder, type NewOrder, type NewOrderItem } from './order-insert';
export { nextSequenceValue } from './order-number';
export { returnStock, takeStock, type StockLine, type TakeStockOptions } from './order-stock';
export { TRACKING_NOT_FOUND, findOrderByNumber } from './order-read';
export { staffActor } from './order-history';
export { provideCounterParts } from './order-manual';
export { SHIPMENT_INDEXES } from './order-shipment-store';
export { cancelShipmentOfCancelledOrder } from './order-shipment-tracking';
export { cancelChannelSale, recordChannelSale, type ChannelSale, type RecordedChannelSale } from './order-external';
