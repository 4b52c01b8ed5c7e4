import { renderMail, type MailContent, type MailShop } from './layout.js';
import { WITHDRAWAL_DAYS, withdrawalLastDay, withdrawalStatusLabel } from '../rules/withdrawals.js';

export interface WithdrawalMailContext {
  shop: MailShop;
  firstName: string;
  orderNumber: string;
  code: string;
  withinWindow: boolean;
  windowEndsAt: string | null;
  /** The withdrawal page, where she reads the request's status with her code. */
  statusUrl: string;
  /** The policy page ("Política de cambios y devoluciones"). */
  policyUrl: string;
}

/** To the shopper, within minutes of her request (the rule gives 24 hours): the withdrawal code and what follows. */
export function withdrawalReceivedMail(ctx: WithdrawalMailContext): MailContent {
  const window = ctx.withinWindow
    ? [
        `Está dentro del plazo de ${WITHDRAWAL_DAYS} días corridos. No tiene costo para vos: la tienda retira las prendas (o coordinamos que las acerques al punto de encuentro) y te reintegra todo lo que pagaste, el envío incluido, por el mismo medio de pago.`,
      ]
    : [
        `El plazo de ${WITHDRAWAL_DAYS} días corridos terminó el ${ctx.windowEndsAt ? withdrawalLastDay(ctx.windowEndsAt) : ''}. Registramos tu pedido igual y la tienda te va a responder.`,
      ];
  return renderMail({
    shop: ctx.shop,
    subject: `Tu arrepentimiento del pedido ${ctx.orderNumber}: código ${ctx.code}`,
    greeting: ctx.firstName ? `Hola ${ctx.firstName},` : 'Hola,',
    intro: [`Recibimos tu arrepentimiento de la compra ${ctx.orderNumber}.`, `Tu código de arrepentimiento es ${ctx.code}.`],
    blocks: [
      { paragraphs: [...window, 'Te vamos a escribir para coordinar el retiro. Con tu código podés consultar el estado cuando quieras.'] },
      { links: [{ label: 'Política de cambios y devoluciones', url: ctx.policyUrl }] },
    ],
    action: { label: 'Ver el estado', url: ctx.statusUrl },
  });
}

export interface WithdrawalChangedMailContext {
  shop: MailShop;
  firstName: string;
  orderNumber: string;
  code: string;
  status: string;
  /** The shop's reason when it rejected the request. */
  reason: string | null;
  statusUrl: string;
  /** The return shipment's sentence (carrier and tracking number), when the shop made one. */
  returnShipment?: string | null;
}

/** To the shopper when the shop moves her request (pickup arranged, received, refunded, rejected). */
export function withdrawalChangedMail(ctx: WithdrawalChangedMailContext): MailContent {
  const label = withdrawalStatusLabel(ctx.status);
  return renderMail({
    shop: ctx.shop,
    subject: `Tu arrepentimiento ${ctx.code}: ${label}`,
    greeting: ctx.firstName ? `Hola ${ctx.firstName},` : 'Hola,',
    intro: [`Tu arrepentimiento del pedido ${ctx.orderNumber} (código ${ctx.code}) pasó a "${label}".`],
    blocks: [
      ...(ctx.reason ? [{ title: 'Motivo', paragraphs: [ctx.reason] }] : []),
      ...(ctx.returnShipment ? [{ title: 'Envío de devolución', paragraphs: [ctx.returnShipment] }] : []),
    ],
    action: { label: 'Ver el estado', url: ctx.statusUrl },
  });
}
