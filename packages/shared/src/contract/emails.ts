import { z } from 'zod';
import { pageFields } from './fields.js';

/** What each outbox message is about (who receives it follows from the kind). */
export const EMAIL_KINDS = [
  'order_received',
  'order_paid',
  'order_confirmed',
  'order_cancelled',
  'order_refunded',
  'proof_rejected',
  'order_ready_for_pickup',
  'order_shipped',
  'order_delivered',
  'owner_new_order',
  'owner_proof_received',
  'stock_alert',
  'abandoned_checkout',
  'staff_test',
  'staff_invitation',
  'return_approved',
  'return_rejected',
  'invoice_issued',
  'withdrawal_received',
  'withdrawal_changed',
  'review_invitation',
  'account_code',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Falló',
};

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  order_received: 'Pedido recibido (clienta)',
  order_paid: 'Pago acreditado (clienta)',
  order_confirmed: 'Pedido confirmado (clienta)',
  order_cancelled: 'Pedido cancelado (clienta)',
  order_refunded: 'Reembolso (clienta)',
  proof_rejected: 'Comprobante rechazado (clienta)',
  order_ready_for_pickup: 'Listo para retirar (clienta)',
  order_shipped: 'Pedido enviado (clienta)',
  order_delivered: 'Pedido entregado (clienta)',
  owner_new_order: 'Nuevo pedido (dueña)',
  owner_proof_received: 'Comprobante recibido (dueña)',
  stock_alert: 'Volvió tu talle (clienta)',
  abandoned_checkout: 'Carrito sin terminar (clienta)',
  staff_test: 'Correo de prueba (equipo)',
  staff_invitation: 'Invitación al equipo',
  return_approved: 'Cambio aprobado (clienta)',
  return_rejected: 'Cambio rechazado (clienta)',
  invoice_issued: 'Factura electrónica (clienta)',
  withdrawal_received: 'Arrepentimiento recibido (clienta)',
  withdrawal_changed: 'Arrepentimiento: novedad (clienta)',
  review_invitation: 'Invitación a opinar (clienta)',
  account_code: 'Código para entrar a su cuenta (clienta)',
};

/** One message of the outbox as staff see it (the body is not listed; the subject says what it is). */
export const emailMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(EMAIL_KINDS),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

/** GET /emails (admin): newest first; `mailConfigured` is false when the server has no SMTP_HOST (mail waits). */
export const emailListAnswerSchema = z.object({
  emails: z.array(emailMessageSchema),
  ...pageFields('total'),
  mailConfigured: z.boolean(),
});
export type EmailList = z.infer<typeof emailListAnswerSchema>;

/** POST /emails/:id/resend (admin): the message, queued to go out now. */
export const emailResendAnswerSchema = z.object({ email: emailMessageSchema });
