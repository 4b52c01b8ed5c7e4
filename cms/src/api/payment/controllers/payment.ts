import type { Context } from 'koa';
import { ApiError, unauthorized } from '../../../utils/http';
import { consume, mercadoPagoConfig } from '../../../domains/platform';
import { MercadoPagoError, webhookSignatureValid } from '../../../domains/payments/mercadopago-client';
import { applyNotifiedPayment } from '../../../domains/payments/mercadopago-payments';
import { applyInPersonNotice } from '../../../domains/payments/mercadopago-in-person';

const NOT_VERIFIED = 'Aviso de pago no verificado';

export default {
  /**
   * POST /payments/mercadopago/webhook (public, Mercado Pago's notifications): only a call signed with the webhook
   * secret is read, and only for the payment id it names; the payment itself is fetched from Mercado Pago. 200 once
   * applied (or recorded before, or for no order of this shop, so that Mercado Pago stops retrying); 401 unverified;
   * 502 when Mercado Pago cannot be read (it retries later).
   */
  async mercadoPagoWebhook(ctx: Context) {
    await consume(ctx, 'webhooks');
    const config = mercadoPagoConfig();
    const query = new URLSearchParams(ctx.querystring);
    const dataId = query.get('data.id') ?? query.get('id');
    const type = query.get('type') ?? query.get('topic');
    const valid = webhookSignatureValid(
      config.webhookSecret,
      ctx.get('x-signature') || undefined,
      ctx.get('x-request-id') || undefined,
      dataId,
    );
    if (!valid) throw unauthorized(NOT_VERIFIED);
    ctx.set('Cache-Control', 'no-store');
    // An in-person order (Point terminal or dynamic QR, Mercado Pago's Orders API): the counter applies it.
    if (type === 'order' && dataId && /^[A-Za-z0-9]{1,64}$/.test(dataId)) {
      try {
        ctx.body = { received: true, applied: await applyInPersonNotice(dataId) };
      } catch (err) {
        if (err instanceof MercadoPagoError) throw new ApiError(502, `No se pudo consultar el cobro en Mercado Pago (${err.message})`);
        throw err;
      }
      return;
    }
    if (type !== 'payment' || !dataId || !/^\d{1,20}$/.test(dataId)) {
      ctx.body = { received: true, applied: false };
      return;
    }
    try {
      const result = await applyNotifiedPayment(dataId);
      ctx.body = { received: true, applied: result.outcome === 'applied' };
    } catch (err) {
      if (err instanceof MercadoPagoError) throw new ApiError(502, `No se pudo consultar el pago en Mercado Pago (${err.message})`);
      throw err;
    }
  },
};
