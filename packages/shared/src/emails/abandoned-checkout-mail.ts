import { formatPrice } from '../rules/money.js';
import { renderMail, type MailContent, type MailShop } from './layout.js';

export interface AbandonedCheckoutMailContext {
  shop: MailShop;
  fullName: string | null;
  /** The draft's lines as priced today ("Corpiño Encaje 90C × 1"). */
  lines: string[];
  total: number;
  /** The recovery page: restores the cart in any browser. */
  recoveryUrl: string;
  /** The page that deletes the draft and stops these e-mails for this address. */
  unsubscribeUrl: string;
}

/** To a shopper who left the checkout with her cart: sent at most once per draft, never after she unsubscribed. */
export function abandonedCheckoutMail(ctx: AbandonedCheckoutMailContext): MailContent {
  const first = ctx.fullName?.trim().split(/\s+/)[0] ?? '';
  return renderMail({
    shop: ctx.shop,
    subject: 'Te guardamos el carrito',
    greeting: first ? `Hola ${first},` : 'Hola,',
    intro: [
      'Empezaste una compra y no llegaste a terminarla. Te guardamos el carrito por si querés retomarla:',
      ...ctx.lines,
      `Total de hoy: ${formatPrice(ctx.total)} (sin envío). Los precios y el stock pueden cambiar.`,
    ],
    blocks: [
      {
        paragraphs: [
          'Es el único correo que te mandamos por este carrito.',
          `Si no querés que te escribamos más por carritos sin terminar (y que borremos este): ${ctx.unsubscribeUrl}`,
        ],
      },
    ],
    action: { label: 'Terminar la compra', url: ctx.recoveryUrl },
  });
}
