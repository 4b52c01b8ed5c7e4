/**
 * The notifications domain (the e-mail outbox, its worker and the shop's e-mails): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { shopOf } from './order-notices';
export { enqueueMail, enqueueMails } from './outbox-store';
export { registerMailAttachments, type MailAttachment } from './mail-attachments';
