export * from './layout.js';
export * from './order-mails.js';
export * from './owner-mails.js';
export * from './stock-alert-mail.js';
export * from './abandoned-checkout-mail.js';
export * from './staff-test-mail.js';
export * from './staff-invitation-mail.js';
export * from './return-mails.js';
