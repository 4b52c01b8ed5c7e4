/**
 * The notifications domain (the shop's messages: the e-mail outbox and its worker, and WhatsApp through Meta's Cloud
 * API with its own outbox, webhook and conversations): what other parts of the backend may use. Its other files are
 * private to the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { shopOf } from './order-notices';
export { enqueueMail, enqueueMails } from './outbox-store';
export { mailAllowed, provideMailConsent } from './mail-consent';
export { registerMailAttachments, type MailAttachment } from './mail-attachments';
export { whatsappNumber } from './whatsapp-phone';
export { orderWhatsappMessages, WHATSAPP_INDEXES } from './whatsapp-store';
export { startWhatsappWorker, stopWhatsappWorker } from './whatsapp-outbox';
export { whatsappNoticeSender, type WhatsappNoticeSender } from './whatsapp-notices';
