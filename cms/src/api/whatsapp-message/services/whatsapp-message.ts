import { factories } from '@strapi/strapi';

/**
 * The shop's WhatsApp messages (Cloud API). Their logic is the notifications domain's (whatsapp-*.ts): queued per
 * order and step beside each e-mail, sent by a worker started in src/index.ts, receipts and replies by webhook.
 */
export default factories.createCoreService('api::whatsapp-message.whatsapp-message');
