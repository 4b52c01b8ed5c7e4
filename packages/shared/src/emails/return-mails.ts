import { renderMail, type MailContent, type MailShop } from './layout.js';
import { formatPrice } from '../rules/money.js';

export interface ReturnMailContext {
  shop: MailShop;
  firstName: string;
  returnNumber: string;
  orderNumber: string;
  /** One line per garment: "2 × Corpiño Soft 85B → 90B" or "1 × Bombacha (devolución)". */
  lines: string[];
  /** What the shop gives back (0: an even exchange). */
  refundDue: number;
  /** The exchange's delivery she pays (shippingPaidBy 'shopper'), 0 or absent when none. */
  chargeDue?: number;
  /** The staff's message to the shopper, if any. */
  message: string | null;
  shippingPaidBy: 'shop' | 'shopper';
  /** The tracking page of the order. */
  trackingUrl: string;
}

/** To the shopper when staff approve or reject her exchange or return request. */
export function returnDecisionMail(decision: 'approved' | 'rejected', ctx: ReturnMailContext): MailContent {
  const approved = decision === 'approved';
  const intro = approved
    ? [
        `Aprobamos tu pedido de cambio o devolución ${ctx.returnNumber} del pedido ${ctx.orderNumber}.`,
        ctx.shippingPaidBy === 'shop'
          ? 'Acercanos o envianos las prendas: el envío corre por cuenta de la tienda.'
          : 'Acercanos o envianos las prendas: el envío corre por tu cuenta.',
      ]
    : [`No pudimos aprobar tu pedido de cambio o devolución ${ctx.returnNumber} del pedido ${ctx.orderNumber}.`];
  const paragraphs = [...ctx.lines];
  if (approved && (ctx.chargeDue ?? 0) > 0) {
    paragraphs.push(
      `El envío del cambio es de ${formatPrice(ctx.chargeDue ?? 0)}: lo pagás en el pedido del cambio cuando recibamos las prendas.`,
    );
  }
  if (approved && ctx.refundDue > 0) paragraphs.push(`Te devolvemos ${formatPrice(ctx.refundDue)} cuando recibamos las prendas.`);
  return renderMail({
    shop: ctx.shop,
    subject: approved ? `Aprobamos tu cambio ${ctx.returnNumber}` : `Tu pedido de cambio ${ctx.returnNumber} no fue aprobado`,
    greeting: ctx.firstName ? `Hola ${ctx.firstName},` : 'Hola,',
    intro,
    blocks: [{ title: 'Prendas', paragraphs }, ...(ctx.message ? [{ title: 'Mensaje de la tienda', paragraphs: [ctx.message] }] : [])],
    action: { label: 'Ver mi pedido', url: ctx.trackingUrl },
  });
}
