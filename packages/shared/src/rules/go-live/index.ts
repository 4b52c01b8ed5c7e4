/** The owner's go-live checklist ("Lista para abrir la tienda"): its facts, its lines and the formatting it shares. */
export * from './facts.js';
export { formatAge, formatBytes, formatShopDateTime, redactErrorText } from './format.js';
export * from './address-items.js';
export * from './backup-items.js';
export * from './service-items.js';
export * from './checklist.js';
