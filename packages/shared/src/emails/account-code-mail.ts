import { renderMail, type MailContent, type MailShop } from './layout.js';

export interface AccountCodeMailContext {
  shop: MailShop;
  /** The 6 digits she types in the shop (never a link that signs in by itself). */
  code: string;
  validMinutes: number;
  /** The account page, to go back to if she closed it. */
  accountUrl: string;
}

/** Her sign-in code: the subject names the shop, never the code (mail lists and previews show subjects). */
export function accountCodeMail(ctx: AccountCodeMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: `Tu código para entrar a ${ctx.shop.brand}`,
    greeting: 'Hola:',
    intro: [`Tu código para entrar a tu cuenta de ${ctx.shop.brand} es:`, ctx.code],
    blocks: [
      {
        paragraphs: [
          `Vale ${ctx.validMinutes} minutos y se puede usar una sola vez. No lo compartas: nadie de la tienda te lo va a pedir.`,
          'Si no pediste entrar, ignorá este correo: sin el código nadie puede entrar a tu cuenta.',
        ],
      },
    ],
    action: { label: 'Ir a mi cuenta', url: ctx.accountUrl },
  });
}
