import { z } from 'zod';

/**
 * WhatsApp through Meta's Cloud API (docs/api.md, "WhatsApp"): the shop's messages about an order, sent as the
 * templates the owner mapped, their delivery receipts, and the shoppers' replies.
 */

/** The steps of an order a shopper who opted in hears about on WhatsApp, in the order they happen. */
export const WHATSAPP_ORDER_STEPS = ['order_received', 'proof_received', 'paid', 'ready_for_pickup', 'shipped', 'delivered'] as const;
/** Messages that are not about an order: 'Avisame' (her size is back) and a checkout left unfinished. */
export const WHATSAPP_NOTICES = ['back_in_stock', 'cart_recovery'] as const;
export type WhatsappNotice = (typeof WHATSAPP_NOTICES)[number];
/** Everything the owner maps to a template: the order's steps, then the notices. */
export const WHATSAPP_STEPS = [...WHATSAPP_ORDER_STEPS, ...WHATSAPP_NOTICES] as const;
export type WhatsappStep = (typeof WHATSAPP_STEPS)[number];

export const WHATSAPP_STEP_LABELS: Record<WhatsappStep, string> = {
  order_received: 'Pedido recibido',
  proof_received: 'Comprobante recibido',
  paid: 'Pago confirmado',
  ready_for_pickup: 'Listo para retirar',
  shipped: 'Enviado',
  delivered: 'Entregado',
  back_in_stock: 'Volvió tu talle (Avisame)',
  cart_recovery: 'Carrito sin terminar',
};

/** What a template's {{1}}, {{2}}… are filled with, taken from the order. */
export const WHATSAPP_VARIABLES = [
  'name',
  'orderNumber',
  'total',
  'transferData',
  'trackingLink',
  'pickupPoint',
  'pickupHours',
  'carrier',
  'trackingNumber',
  'productTitle',
  'link',
] as const;
export type WhatsappVariable = (typeof WHATSAPP_VARIABLES)[number];

export const WHATSAPP_VARIABLE_LABELS: Record<WhatsappVariable, string> = {
  name: 'Nombre',
  orderNumber: 'Número de pedido',
  total: 'Total',
  transferData: 'Datos de la transferencia',
  trackingLink: 'Link de seguimiento',
  pickupPoint: 'Punto de retiro',
  pickupHours: 'Horario de retiro',
  carrier: 'Transporte',
  trackingNumber: 'Número de seguimiento',
  productTitle: 'Producto (o lo que quedó en el carrito)',
  link: 'Link del producto (o del carrito)',
};

/** A message's life: queued, accepted by Meta, then its receipts (sent, delivered, read) or failed. */
export const WHATSAPP_MESSAGE_STATUSES = ['pending', 'accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsappMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

export const WHATSAPP_STATUS_LABELS: Record<WhatsappMessageStatus, string> = {
  pending: 'en cola',
  accepted: 'aceptado',
  sent: 'enviado',
  delivered: 'entregado',
  read: 'leído',
  failed: 'no enviado',
};

/** The language of the shop's templates (Meta's code for Spanish, Argentina). */
export const WHATSAPP_LANGUAGE = 'es_AR';

/** How long after a shopper's last message the shop may answer with free text (WhatsApp's customer service window). */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One of the shop's steps mapped to an approved template: its name, language and what fills each {{n}}. */
export const whatsappTemplateMappingSchema = z
  .object({
    name: z
      .string({ error: 'Elegí una plantilla' })
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, 'El nombre de la plantilla lleva minúsculas, números y guiones bajos'),
    language: z
      .string({ error: 'Indicá el idioma de la plantilla' })
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'El idioma de la plantilla no es válido (por ejemplo es_AR)'),
    variables: z
      .array(z.enum(WHATSAPP_VARIABLES, { error: 'Una variable de la plantilla no es válida' }), {
        error: 'Las variables deben ser una lista',
      })
      .max(10, 'Una plantilla admite hasta 10 variables'),
  })
  .strict();
export type WhatsappTemplateMapping = z.infer<typeof whatsappTemplateMappingSchema>;

const digits = (what: string) =>
  z
    .string({ error: `Indicá ${what}` })
    .trim()
    .regex(/^\d{5,25}$/, `${what[0]?.toUpperCase()}${what.slice(1)} son solo números (lo muestra Meta en la configuración de WhatsApp)`);

/** PUT /whatsapp/settings: only the fields sent change; secrets are written, never read back. */
export const whatsappSettingsInputSchema = z
  .object({
    phoneNumberId: digits('el identificador del número').optional(),
    businessAccountId: digits('el identificador de la cuenta de WhatsApp Business').optional(),
    accessToken: z
      .string({ error: 'El token de acceso debe ser un texto' })
      .trim()
      .min(20, 'El token de acceso es más largo: copialo completo desde Meta')
      .max(1000, 'El token de acceso no puede superar 1.000 caracteres')
      .regex(/^[\x21-\x7e]+$/, 'El token de acceso no lleva espacios ni acentos')
      .optional(),
    appSecret: z
      .string({ error: 'La clave secreta de la app debe ser un texto' })
      .trim()
      .regex(/^[A-Za-z0-9]{16,128}$/, 'La clave secreta de la app son letras y números (la muestra Meta en «Configuración básica»)')
      .optional(),
    enabled: z.boolean({ error: 'enabled debe ser verdadero o falso' }).optional(),
    templates: z.partialRecord(z.enum(WHATSAPP_STEPS), whatsappTemplateMappingSchema.nullable()).optional(),
  })
  .strict();
export type WhatsappSettingsInput = z.infer<typeof whatsappSettingsInputSchema>;

export const whatsappSettingsAnswerSchema = z.object({
  enabled: z.boolean(),
  /** Both identifiers, the token and the app secret are set (the shop can send and check notifications). */
  connected: z.boolean(),
  phoneNumberId: z.string().nullable(),
  businessAccountId: z.string().nullable(),
  hasAccessToken: z.boolean(),
  hasAppSecret: z.boolean(),
  /** To paste in Meta's app settings: the callback URL and its verify token. */
  webhookUrl: z.string(),
  verifyToken: z.string(),
  templates: z.record(z.enum(WHATSAPP_STEPS), whatsappTemplateMappingSchema.nullable()),
  /** The shop's suggested template texts, to submit for approval in Meta's manager (es_AR). */
  suggestions: z.array(
    z.object({ step: z.enum(WHATSAPP_STEPS), name: z.string(), text: z.string(), variables: z.array(z.enum(WHATSAPP_VARIABLES)) }),
  ),
});
export type WhatsappSettingsAnswer = z.infer<typeof whatsappSettingsAnswerSchema>;

/** A template of the shop's account, as Meta lists it: the body's text with its {{n}} placeholders, and how many. */
export const whatsappTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  body: z.string(),
  parameters: z.number(),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;
export const whatsappTemplatesAnswerSchema = z.object({ templates: z.array(whatsappTemplateSchema) });

/** POST /whatsapp/test: where the owner's test template goes. */
export const whatsappTestSchema = z
  .object({
    to: z
      .string({ error: 'Indicá un número de celular' })
      .trim()
      .min(6, 'Indicá un número de celular')
      .max(40, 'El número es demasiado largo'),
  })
  .strict();

/** POST /whatsapp/conversations/{phone}/messages: free text inside the 24-hour window, else a template. */
export const whatsappReplySchema = z.union(
  [
    z
      .object({
        text: z
          .string({ error: 'Escribí el mensaje' })
          .trim()
          .min(1, 'Escribí el mensaje')
          .max(4096, 'Un mensaje de WhatsApp admite hasta 4.096 caracteres'),
      })
      .strict(),
    z
      .object({
        template: z
          .object({
            name: whatsappTemplateMappingSchema.shape.name,
            language: whatsappTemplateMappingSchema.shape.language,
            parameters: z
              .array(
                z.string().trim().min(1, 'Completá cada variable de la plantilla').max(1024, 'Una variable admite hasta 1.024 caracteres'),
              )
              .max(10, 'Una plantilla admite hasta 10 variables'),
          })
          .strict(),
      })
      .strict(),
  ],
  { error: 'Escribí un mensaje o elegí una plantilla' },
);
export type WhatsappReply = z.infer<typeof whatsappReplySchema>;

/** A message of the shop's WhatsApp, either way (`phone`: the shopper's number in WhatsApp's form, 549…). */
export const whatsappMessageSchema = z.object({
  id: z.number(),
  direction: z.enum(['out', 'in']),
  phone: z.string(),
  step: z.enum(WHATSAPP_STEPS).nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  kind: z.enum(['template', 'text']),
  templateName: z.string().nullable(),
  /** The text sent or received (a template's filled variables, joined, when sent as one). */
  text: z.string(),
  status: z.enum(WHATSAPP_MESSAGE_STATUSES),
  /** Why it was not sent, in Spanish, when it failed or is being retried. */
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type WhatsappMessage = z.infer<typeof whatsappMessageSchema>;

export const whatsappConversationSchema = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  lastMessageAt: z.string(),
  lastText: z.string(),
  unread: z.number(),
  /** Until when a free-text answer is allowed (24 hours after her last message); null when she never wrote. */
  windowEndsAt: z.string().nullable(),
});
export type WhatsappConversation = z.infer<typeof whatsappConversationSchema>;

export const whatsappMessagesAnswerSchema = z.object({ messages: z.array(whatsappMessageSchema) });
export const whatsappConversationsAnswerSchema = z.object({ conversations: z.array(whatsappConversationSchema) });
export const whatsappConversationAnswerSchema = z.object({
  conversation: whatsappConversationSchema,
  messages: z.array(whatsappMessageSchema),
  /** The templates the owner mapped to the shop's steps: what staff may send outside the 24-hour window. */
  templates: z.array(z.object({ step: z.enum(WHATSAPP_STEPS), name: z.string(), language: z.string(), parameters: z.number() })),
  /** Her orders the shop wrote to this number about, newest first. */
  orders: z.array(z.object({ id: z.string(), orderNumber: z.string() })),
});
export const whatsappReplyAnswerSchema = z.object({ message: whatsappMessageSchema });
export const whatsappTestAnswerSchema = z.object({ to: z.string(), template: z.string(), messageId: z.string() });

export const WHATSAPP_MSG = {
  notConnected: 'Conectá WhatsApp primero: faltan el identificador del número, el de la cuenta, el token o la clave secreta',
  badPhone: 'Para recibir novedades por WhatsApp necesitamos un celular: revisá el número (por ejemplo 299 15 412-3456)',
  windowClosed:
    'Pasaron más de 24 horas desde su último mensaje: WhatsApp solo permite escribirle con una plantilla aprobada hasta que vuelva a escribir',
  conversationNotFound: 'No hay una conversación con ese número',
  badConversationPhone: 'El número de la conversación no es válido',
  templatesDown: 'WhatsApp no respondió al pedir las plantillas: probá de nuevo en unos minutos',
  badSignature: 'Firma inválida',
  badVerifyToken: 'El token de verificación no coincide',
} as const;

/** Meta's error codes the owner may meet, said in Spanish (anything else: Meta's own message). */
export const WHATSAPP_ERROR_TEXTS: Record<number, string> = {
  0: 'WhatsApp rechazó el acceso: revisá el token',
  190: 'El token de acceso no es válido o venció: cargá uno nuevo en Configuración › WhatsApp',
  100: 'WhatsApp rechazó un dato del mensaje',
  131008: 'Falta un dato obligatorio del mensaje',
  131026: 'El número no tiene WhatsApp o no puede recibir mensajes',
  131047: 'Pasaron más de 24 horas desde su último mensaje: solo se puede enviar una plantilla',
  131051: 'WhatsApp no admite este tipo de mensaje',
  130429: 'WhatsApp limitó la cantidad de envíos: se reintenta solo',
  131056: 'Demasiados mensajes seguidos a este número: se reintenta solo',
  131000: 'WhatsApp tuvo un error: se reintenta solo',
  2: 'WhatsApp no está disponible por un momento: se reintenta solo',
  132018: 'Una variable de la plantilla tiene saltos de línea o demasiados espacios',
  132000: 'La cantidad de variables no coincide con la plantilla aprobada',
  132001: 'La plantilla no existe o no está aprobada en ese idioma',
  132015: 'La plantilla está pausada por baja calidad',
  132016: 'La plantilla fue desactivada por Meta',
};
