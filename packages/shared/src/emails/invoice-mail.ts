import { renderMail, type MailContent, type MailShop } from './layout.js';
import { formatPrice } from '../rules/money.js';

export interface InvoiceMailContext {
  shop: MailShop;
  firstName: string;
  orderNumber: string;
  /** "Factura C", "Factura B", "Factura A". */
  voucherName: string;
  /** "00003-00000012" */
  numberText: string;
  total: number;
  cae: string;
  /** The tracking page of the order (the PDF can be downloaded there too). */
  trackingUrl: string;
}

/** To the shopper once ARCA authorised her invoice: the PDF goes attached (the outbox worker attaches it). */
export function invoiceIssuedMail(ctx: InvoiceMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: `Tu ${ctx.voucherName} del pedido ${ctx.orderNumber}`,
    greeting: ctx.firstName ? `Hola ${ctx.firstName},` : 'Hola,',
    intro: [
      `Te enviamos la factura electrónica de tu pedido ${ctx.orderNumber}, autorizada por ARCA.`,
      'La encontrás adjunta en PDF; también podés descargarla desde el seguimiento del pedido.',
    ],
    blocks: [
      {
        title: 'Comprobante',
        rows: [
          ['Tipo', ctx.voucherName],
          ['Número', ctx.numberText],
          ['Total', formatPrice(ctx.total)],
          ['CAE', ctx.cae],
        ],
      },
    ],
    action: { label: 'Ver mi pedido', url: ctx.trackingUrl },
  });
}
