import { returnDecisionMail, variantLabel, type StaffReturnRequest } from '@shop/shared';
import { enqueueMail, shopOf } from '../notifications';
import { trackingUrl } from '../../utils/public-url';

/** "2 × Corpiño Soft Negro 85B → Negro 90B" or "1 × Bombacha Negro M (devolución)". */
export function lineSummary(line: StaffReturnRequest['lines'][number]): string {
  const from = variantLabel({ color: line.from.color, size: line.from.size });
  const what = `${line.quantity} × ${line.title}${from ? ` ${from}` : ''}`;
  return line.kind === 'exchange' && line.to ? `${what} → ${variantLabel(line.to)}` : `${what} (devolución)`;
}

/**
 * The shopper's e-mail when staff approve or reject her request, through the outbox (retried there when the mail
 * server is down). A failure to queue is logged: the decision itself is already recorded.
 */
export async function queueDecisionMail(
  request: StaffReturnRequest,
  decision: 'approved' | 'rejected',
  origin: string | null,
): Promise<void> {
  if (!request.customer.email) return;
  try {
    const content = await strapi.service('api::site-content.site-content').getContent();
    const message = [...request.steps].reverse().find((step) => step.status === decision)?.message ?? null;
    const mail = returnDecisionMail(decision, {
      shop: shopOf(content),
      firstName: request.customer.name.split(' ')[0] ?? '',
      returnNumber: request.number,
      orderNumber: request.orderNumber,
      lines: request.lines.map(lineSummary),
      refundDue: request.refundDue,
      chargeDue: request.chargeDue,
      message,
      shippingPaidBy: content.returns.shippingPaidBy,
      trackingUrl: trackingUrl(origin, request.orderNumber),
    });
    await enqueueMail({
      to: request.customer.email,
      kind: decision === 'approved' ? 'return_approved' : 'return_rejected',
      ...mail,
      orderDocumentId: request.orderId,
      orderNumber: request.orderNumber,
    });
  } catch (err) {
    strapi.log.error(`[returns] e-mail of ${request.number} not queued: ${err instanceof Error ? err.message : String(err)}`);
  }
}
