import { WHATSAPP_MSG, whatsappTestSchema, type WhatsappTemplate } from '@shop/shared';
import { ApiError, badRequest, conflict, parseWith } from '../../utils/http';
import { WhatsappApiError, listTemplates, sendWhatsapp } from './whatsapp-client';
import { whatsappNumber } from './whatsapp-phone';
import { canSend, whatsappConfig, whatsappEnv } from './whatsapp-settings';

/** Meta's answer to the owner's own action, said in Spanish: its refusal as a 400, its outage as a 502. */
function ownerError(err: unknown): never {
  if (!(err instanceof WhatsappApiError)) throw err;
  if (err.retryable || err.status === 0) throw new ApiError(502, err.text);
  throw badRequest(err.text);
}

/** GET /whatsapp/templates: the templates of the shop's WhatsApp Business account, as Meta lists them. */
export async function whatsappTemplates(): Promise<WhatsappTemplate[]> {
  const config = await whatsappConfig();
  if (!config.businessAccountId || !config.accessToken) throw conflict(WHATSAPP_MSG.notConnected);
  try {
    return await listTemplates(whatsappEnv(), config.businessAccountId, config.accessToken);
  } catch (err) {
    return ownerError(err);
  }
}

/**
 * POST /whatsapp/test: "Probar" sends a template to the number the owner typed, at once (not through the outbox: she
 * waits for the answer). The step "Pedido recibido"'s template when mapped (with sample values), else Meta's
 * `hello_world`, which every account has.
 */
export async function sendWhatsappTest(body: unknown): Promise<{ to: string; template: string; messageId: string }> {
  const { to } = parseWith(whatsappTestSchema, body);
  const phone = whatsappNumber(to);
  if (!phone) throw badRequest(WHATSAPP_MSG.badPhone);
  const config = await whatsappConfig();
  if (!canSend(config)) throw conflict(WHATSAPP_MSG.notConnected);
  const mapping = config.templates.order_received;
  const sample: Record<string, string> = {
    name: 'Jazmín',
    orderNumber: 'PRUEBA-0001',
    total: '$ 1.000',
    transferData: 'Gracias por tu compra.',
    trackingLink: 'https://example.com/track-order',
    pickupPoint: 'el local',
    pickupHours: 'de 10 a 18',
    carrier: 'Correo Argentino',
    trackingNumber: '000000000',
  };
  const template = mapping
    ? { name: mapping.name, language: mapping.language, parameters: mapping.variables.map((v) => sample[v] ?? 'prueba') }
    : { name: 'hello_world', language: 'en_US', parameters: [] };
  try {
    const messageId = await sendWhatsapp(whatsappEnv(), config.phoneNumberId, config.accessToken, {
      kind: 'template',
      to: phone,
      ...template,
    });
    return { to: phone, template: template.name, messageId };
  } catch (err) {
    return ownerError(err);
  }
}
