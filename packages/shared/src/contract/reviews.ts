import { z } from 'zod';
import { sizedPageFields } from './fields.js';

/**
 * Reviews from real buyers (docs/api.md, "Reviews"): one per delivered order line, with the stars, how the size
 * fitted and the size bought, moderated by the owner, summed up on the product page and counted by the size finder.
 */

export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

export const REVIEW_FIT_LABELS: Record<ReviewFit, string> = {
  small: 'Me quedó chico',
  true: 'Justo',
  large: 'Me quedó grande',
};

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Esperando aprobación',
  approved: 'Publicada',
  rejected: 'Rechazada',
};

export const REVIEW_LIMITS = { title: 120, text: 1000, usualSize: 20, reason: 300, reply: 1000, maxDelayDays: 60 } as const;

export const REVIEW_MSG = {
  stars: 'Elegí de 1 a 5 estrellas',
  fit: 'Contanos cómo te quedó: chico, justo o grande',
  line: 'Elegí qué prenda del pedido querés opinar',
  lineNotReviewable: 'Esa prenda no se puede opinar: el pedido todavía no fue entregado o la línea no existe',
  already: 'Ya opinaste sobre esta prenda de este pedido. ¡Gracias!',
  badToken: 'El link para opinar no es válido o venció (dura 60 días): pedinos uno nuevo',
  created: '¡Gracias! Tu opinión se publica cuando la revisemos.',
  published: '¡Gracias! Tu opinión ya está publicada.',
  notFound: 'No existe esa opinión',
  reasonRequired: 'Indicá el motivo del rechazo (no se le muestra a la compradora)',
  unsubscribed: 'Listo: no te vamos a pedir más opiniones por e-mail.',
  title: `El título puede tener hasta ${REVIEW_LIMITS.title} caracteres`,
  text: `La opinión puede tener hasta ${REVIEW_LIMITS.text} caracteres`,
  delay: `Los días después de la entrega van de 0 a ${REVIEW_LIMITS.maxDelayDays}`,
  photosTooMany: 'Podés subir hasta 3 fotos',
  photoTooBig: 'Cada foto puede pesar hasta 8 MB',
  photoType: 'Las fotos tienen que ser JPG, PNG o WebP',
  photoIndex: 'Esa foto no existe en la opinión',
} as const;

/** Photos of a review (POST /reviews as multipart, field `photos`): at most 3, each a real JPEG, PNG or WebP up to 8 MB. */
export const REVIEW_PHOTOS = { max: 3, maxBytes: 8 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp'] } as const;

const plain = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    // Plain text: no markup reaches the page (React escapes it too).
    .transform((v) => v.replace(/[<>]/g, ''));

/** POST /reviews: one order line (its index in the order) with the stars and the fit; the size comes from the line. */
export const reviewInputSchema = z
  .object({
    token: z.string({ error: REVIEW_MSG.badToken }).max(300, REVIEW_MSG.badToken),
    orderLine: z.number({ error: REVIEW_MSG.line }).int(REVIEW_MSG.line).min(0, REVIEW_MSG.line).max(49, REVIEW_MSG.line),
    stars: z.number({ error: REVIEW_MSG.stars }).int(REVIEW_MSG.stars).min(1, REVIEW_MSG.stars).max(5, REVIEW_MSG.stars),
    fit: z.enum(REVIEW_FITS, { error: REVIEW_MSG.fit }),
    title: plain(REVIEW_LIMITS.title, REVIEW_MSG.title).optional(),
    text: plain(REVIEW_LIMITS.text, REVIEW_MSG.text).optional(),
    usualSize: plain(REVIEW_LIMITS.usualSize, 'Tu talle habitual puede tener hasta 20 caracteres').optional(),
  })
  .strict();
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A published review as shoppers see it: the first name and the surname's initial, never more. */
export const reviewSchema = z.object({
  id: z.number(),
  stars: z.number(),
  title: z.string(),
  text: z.string(),
  fit: z.enum(REVIEW_FITS),
  size: z.string(),
  color: z.string(),
  usualSize: z.string(),
  author: z.string(),
  verified: z.literal(true),
  createdAt: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  /** Her photos the shop did not hide (re-encoded, without metadata). */
  photos: z.array(z.object({ url: z.string() })).optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  average: z.number(),
  count: z.number(),
  stars: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  fit: z.object({ small: z.number(), true: z.number(), large: z.number() }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /products/{id}/reviews. */
export const productReviewsAnswerSchema = z.object({
  summary: reviewSummarySchema,
  reviews: z.array(reviewSchema),
  ...sizedPageFields,
  /** The sizes reviewed (for the size filter). */
  sizes: z.array(z.string()),
});
export type ProductReviewsAnswer = z.infer<typeof productReviewsAnswerSchema>;

/** GET /reviews/invitation/{token}: the order's lines and whether each can still be reviewed. */
export const reviewInvitationAnswerSchema = z.object({
  orderNumber: z.string(),
  firstName: z.string(),
  lines: z.array(
    z.object({
      index: z.number(),
      productId: z.string(),
      title: z.string(),
      image: z.string().nullable(),
      size: z.string(),
      color: z.string(),
      reviewed: z.boolean(),
    }),
  ),
});
export type ReviewInvitationAnswer = z.infer<typeof reviewInvitationAnswerSchema>;

export const reviewCreatedAnswerSchema = z.object({ message: z.string(), status: z.enum(REVIEW_STATUSES) });

/** A review as staff see it: who wrote it (her e-mail), about what, its status and the owner's reason. */
export const staffReviewSchema = reviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().nullable(),
  email: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  /** Every photo, in the order sent (the index `hiddenPhotos` names), hidden ones too. */
  photos: z.array(z.object({ url: z.string(), hidden: z.boolean() })).optional(),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

export const staffReviewListAnswerSchema = z.object({
  reviews: z.array(staffReviewSchema),
  ...sizedPageFields,
  pending: z.number(),
});

/** PUT /reviews/{id}: approve, reject (with the reason, never shown to her), or reply as the shop. */
export const reviewModerationSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'El estado debe ser approved o rejected' }).optional(),
    reason: plain(REVIEW_LIMITS.reason, `El motivo puede tener hasta ${REVIEW_LIMITS.reason} caracteres`).optional(),
    reply: plain(REVIEW_LIMITS.reply, `La respuesta puede tener hasta ${REVIEW_LIMITS.reply} caracteres`).nullable().optional(),
    /** The indexes of the photos hidden from the public page (all others shown): the whole set, not a change. */
    hiddenPhotos: z
      .array(
        z
          .number({ error: REVIEW_MSG.photoIndex })
          .int(REVIEW_MSG.photoIndex)
          .min(0, REVIEW_MSG.photoIndex)
          .max(REVIEW_PHOTOS.max - 1, REVIEW_MSG.photoIndex),
        { error: REVIEW_MSG.photoIndex },
      )
      .max(REVIEW_PHOTOS.max, REVIEW_MSG.photoIndex)
      .optional(),
  })
  .strict()
  .refine((m) => m.status !== 'rejected' || (m.reason ?? '').trim() !== '', { message: REVIEW_MSG.reasonRequired, path: ['reason'] });
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

/** GET|PUT /reviews/settings. */
export const reviewSettingsSchema = z
  .object({
    /** Days after delivery before the invitation (0: at the first sweep after delivery). */
    invitationDelayDays: z
      .number({ error: REVIEW_MSG.delay })
      .int(REVIEW_MSG.delay)
      .min(0, REVIEW_MSG.delay)
      .max(REVIEW_LIMITS.maxDelayDays, REVIEW_MSG.delay),
    /** 4 or 5 stars with no text and no title are published at once; everything else waits. */
    autoPublishShort: z.boolean({ error: 'autoPublishShort debe ser verdadero o falso' }),
  })
  .strict();
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { invitationDelayDays: 7, autoPublishShort: false };

/** "María G.": the first name and the initial of the surname. */
export function reviewAuthor(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? 'Compradora';
  const last = words.length > 1 ? words[words.length - 1] : '';
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** "La mayoría dice que calza justo" (or null without answers). */
export function fitSummaryText(fit: ReviewSummary['fit']): string | null {
  const total = fit.small + fit.true + fit.large;
  if (total === 0) return null;
  const top = (['true', 'small', 'large'] as const).reduce((a, b) => (fit[b] > fit[a] ? b : a));
  const words: Record<ReviewFit, string> = { small: 'calza chico', true: 'calza justo', large: 'calza grande' };
  return fit[top] * 2 > total ? `La mayoría dice que ${words[top]}` : `Opiniones divididas sobre el calce`;
}
