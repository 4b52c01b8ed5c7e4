import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::whatsapp-message.whatsapp-message', {
  // Meta's check of the callback URL (the verify token) and its signed notifications (receipts, shoppers' messages).
  public: { verify: ['GET', '/whatsapp/webhook'], webhook: ['POST', '/whatsapp/webhook'] },
  staff: {
    settings: ['GET', '/whatsapp/settings'],
    saveSettings: ['PUT', '/whatsapp/settings'],
    templates: ['GET', '/whatsapp/templates'],
    test: ['POST', '/whatsapp/test'],
    conversations: ['GET', '/whatsapp/conversations'],
    conversation: ['GET', '/whatsapp/conversations/:phone'],
    reply: ['POST', '/whatsapp/conversations/:phone/messages'],
    orderMessages: ['GET', '/orders/:id/whatsapp'],
  },
});
