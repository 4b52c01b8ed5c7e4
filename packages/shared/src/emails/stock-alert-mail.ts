import { renderMail, type MailContent, type MailShop } from './layout.js';

export interface StockAlertMailContext {
  shop: MailShop;
  productTitle: string;
  /** '' for a product without sizes. */
  size: string;
  /** The product's page with the size chosen (`?talle=`). */
  productUrl: string;
  /** The page that ends this alert without signing in (signed token). */
  unsubscribeUrl: string;
}

/** To a shopper who asked "Avisame cuando vuelva": the size has units again. Sent once per alert. */
export function stockAlertMail(ctx: StockAlertMailContext): MailContent {
  const what = ctx.size === '' ? ctx.productTitle : `${ctx.productTitle} en talle ${ctx.size}`;
  return renderMail({
    shop: ctx.shop,
    subject: ctx.size === '' ? `Volvió: ${ctx.productTitle}` : `Volvió tu talle ${ctx.size}: ${ctx.productTitle}`,
    greeting: 'Hola,',
    intro: [
      `Te avisamos porque nos lo pediste: volvió a haber stock de ${what}.`,
      'Las unidades son pocas y no las reservamos: si lo querés, compralo pronto.',
    ],
    blocks: [
      {
        paragraphs: [
          'Este es el único aviso que te mandamos por este talle.',
          `Si ya no te interesa y no querés más avisos de este producto y talle: ${ctx.unsubscribeUrl}`,
        ],
      },
    ],
    action: { label: 'Ver el producto', url: ctx.productUrl },
  });
}
