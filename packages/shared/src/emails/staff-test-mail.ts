import { renderMail, type MailContent, type MailShop } from './layout.js';

export interface StaffTestMailContext {
  shop: MailShop;
  /** Who asked for it (the staff account's name). */
  requestedBy: string;
  /** When it was queued, already written for people (e.g. `22/11/2026, 15:05`). */
  requestedAt: string;
  /** The back office's Correos screen, where the message shows as sent. */
  emailsUrl: string;
}

/** To the staff member who pressed "Enviarme un correo de prueba": proof that the shop's mail reaches an inbox. */
export function staffTestMail(ctx: StaffTestMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: `Correo de prueba · ${ctx.shop.brand}`,
    greeting: `Hola, ${ctx.requestedBy}:`,
    intro: [
      'Si estás leyendo esto, la tienda puede enviar correos: los avisos de pedidos les van a llegar a tus clientas y a vos.',
      `Lo pediste desde el panel de administración el ${ctx.requestedAt}.`,
    ],
    blocks: [
      {
        paragraphs: [
          'Si este correo llegó a la carpeta de spam, marcalo como "no es spam" y revisá con tu proveedor de correo los registros SPF y DKIM del dominio del remitente (MAIL_FROM).',
        ],
      },
    ],
    action: { label: 'Ver los correos de la tienda', url: ctx.emailsUrl },
  });
}
