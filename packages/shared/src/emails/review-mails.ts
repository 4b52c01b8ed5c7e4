import { renderMail, type MailContent, type MailShop } from './layout.js';

export interface ReviewInvitationMailContext {
  shop: MailShop;
  firstName: string;
  orderNumber: string;
  /** What she bought ("Conjunto Sofía Negro 90B"), at most a few. */
  lines: readonly string[];
  /** The page with the order's lines to rate (a signed link, 60 days, no account). */
  reviewUrl: string;
  /** The page that stops these invitations to her address. */
  unsubscribeUrl: string;
  reminder: boolean;
}

/** A delivered order's invitation to say how it fitted (and, once, its reminder). */
export function reviewInvitationMail(ctx: ReviewInvitationMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: ctx.reminder ? `¿Nos contás cómo te quedó? (pedido ${ctx.orderNumber})` : `¿Cómo te quedó tu pedido ${ctx.orderNumber}?`,
    greeting: ctx.firstName ? `Hola ${ctx.firstName},` : 'Hola,',
    intro: [
      'Tu opinión ayuda a otras clientas a elegir su talle: contanos cómo te quedó lo que compraste.',
      'Son dos minutos: las estrellas, si te quedó chico, justo o grande, y si querés, unas palabras.',
    ],
    blocks: [
      { title: 'Tu pedido', paragraphs: ctx.lines.slice(0, 5).map((line) => `• ${line}`) },
      {
        paragraphs: [
          'Publicamos tu nombre y la inicial de tu apellido, nunca tus datos. El link vale 60 días.',
          `Si no querés que te pidamos opiniones por e-mail: ${ctx.unsubscribeUrl}`,
        ],
      },
    ],
    action: { label: 'Opinar', url: ctx.reviewUrl },
  });
}
