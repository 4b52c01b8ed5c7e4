import { renderMail, type MailContent, type MailShop } from './layout.js';

export interface StaffInvitationMailContext {
  shop: MailShop;
  /** The invited person's name, as the owner wrote it. */
  name: string;
  /** The role's name (e.g. `Ventas`). */
  roleLabel: string;
  /** The one-time link to the back office page where she chooses her password. */
  acceptUrl: string;
  /** How long the link is valid. */
  validHours: number;
}

/** To a new staff member: a one-time link to choose her own password (no password ever travels by e-mail). */
export function staffInvitationMail(ctx: StaffInvitationMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: `Te invitaron al panel de ${ctx.shop.brand}`,
    greeting: `Hola, ${ctx.name}:`,
    intro: [
      `Te sumaron al equipo de ${ctx.shop.brand} con el rol ${ctx.roleLabel}.`,
      'Para entrar al panel de administración, elegí tu contraseña con el botón de abajo.',
    ],
    blocks: [
      {
        paragraphs: [
          `El enlace vale ${ctx.validHours} horas y se puede usar una sola vez. Si venció, pedile a quien te invitó una invitación nueva.`,
          'Si no esperabas este correo, ignoralo: sin elegir una contraseña nadie puede entrar con tu cuenta.',
        ],
      },
    ],
    action: { label: 'Elegir mi contraseña', url: ctx.acceptUrl },
  });
}
