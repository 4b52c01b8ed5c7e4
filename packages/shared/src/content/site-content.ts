import { z } from 'zod';
import { nationalTaxesSchema } from './national-taxes-schema.js';
import { legalSchema } from './legal-schema.js';
import { installmentPlansSchema } from '../rules/installments.js';
import { returnsPolicySchema } from '../rules/returns.js';
import { deliveryListProblems, deliveryZonesSchema, meetingPointsSchema } from '../rules/delivery.js';

/** The why-choose block's key embeds the brand name. */
export const WHY_CHOOSE_KEY = 'whyChooseJazmin';
export const DEFAULT_HERO_IMAGE = '/images/hero-default.webp';

const s = (fallback = '') => z.string().max(5000).catch(fallback).default(fallback);
const flag = (fallback: boolean) => z.boolean().catch(fallback).default(fallback);
/** Numeric content fields: minimum 0, non-numeric becomes 0. */
const amount = () =>
  z.preprocess((v) => {
    const n = typeof v === 'string' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
  }, z.number().int().min(0).max(1_000_000_000));
const list = <T extends z.ZodType>(item: T, max = 100) => z.array(item).max(max).catch([]).default([]);
/**
 * Order rules staff set (reservation minutes, units per product): a whole number within bounds, refused (400 with
 * the Spanish message) rather than coerced, since a wrong value would cancel orders or block purchases.
 */
const wholeNumber = (fallback: number, min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback);

/** Upper bound of a payment method's reservation: 30 days. */
export const MAX_RESERVATION_MINUTES = 43_200;
/** Default reservation of a transfer order waiting for its proof: two days. */
export const DEFAULT_TRANSFER_RESERVATION_MINUTES = 2880;
/** Default reservation of a Mercado Pago order waiting for its payment: one hour. */
export const DEFAULT_MERCADOPAGO_RESERVATION_MINUTES = 60;
/** The installments Mercado Pago may offer (`checkout.paymentInfo.mercadoPago.maxInstallments`). */
export const MIN_INSTALLMENTS = 1;
export const MAX_INSTALLMENTS = 12;
export const MAX_INSTALLMENTS_MESSAGE = `Las cuotas de Mercado Pago deben ser un número entero entre ${MIN_INSTALLMENTS} y ${MAX_INSTALLMENTS}`;
export const MERCADOPAGO_RESERVATION_MESSAGE = `Los minutos de reserva de Mercado Pago deben ser un número entero entre 1 y ${MAX_RESERVATION_MINUTES} (30 días)`;
/** Upper bound of the per-product cap (the order input refuses more than 999 units per line anyway). */
export const MAX_UNITS_PER_PRODUCT_LIMIT = 999;
export const DEFAULT_MAX_UNITS_PER_PRODUCT = 10;
/** Highest percent off for paying by transfer or in cash (`discountPercent`). */
export const MAX_PAYMENT_DISCOUNT_PERCENT = 50;
export const PAYMENT_DISCOUNT_MESSAGE = `El descuento por medio de pago debe ser un número entero entre 0 y ${MAX_PAYMENT_DISCOUNT_PERCENT}`;

export const RESERVATION_MINUTES_MESSAGE = `Los minutos de reserva deben ser un número entero entre 0 y ${MAX_RESERVATION_MINUTES} (30 días)`;
export const MAX_UNITS_PER_PRODUCT_MESSAGE = `El máximo de unidades por producto debe ser un número entero entre 1 y ${MAX_UNITS_PER_PRODUCT_LIMIT}`;
const reservationMinutes = (fallback: number) => wholeNumber(fallback, 0, MAX_RESERVATION_MINUTES, RESERVATION_MINUTES_MESSAGE);

/**
 * `google_product_category`: the category's Google product category for the catalogue feeds (Google's taxonomy text
 * or number); absent or empty means DEFAULT_GOOGLE_PRODUCT_CATEGORY.
 */
export const categorySchema = z.object({
  name: s(),
  display_name: s(),
  google_product_category: z.string().max(250).optional().catch(undefined),
});
export type Category = z.infer<typeof categorySchema>;

export const sizeGuideSchema = z.object({
  category: s(),
  title: s('Nueva Guía de Tallas'),
  subtitle: s('Encuentra tu talla perfecta'),
  enabled: flag(true),
  tableHeaders: list(z.string().max(100), 20),
  tableRows: list(z.object({ size: s(), measurements: list(z.string().max(100), 20) }), 60),
  notes: s(),
});
export type SizeGuide = z.infer<typeof sizeGuideSchema>;

/**
 * Messages staff send on WhatsApp, one per situation of an order (see `whatsappTemplateKey`). Placeholders:
 * {nombre}, {nombreCompleto}, {pedido}, {total}, {estado}, {seguimiento}, {motivo}, {entrega}.
 */
export const DEFAULT_WHATSAPP_TEMPLATES = {
  received: '¡Hola {nombre}! Recibimos tu pedido #{pedido} por {total}. Te avisamos por acá cada novedad. ¡Gracias por tu compra!',
  proofMissing:
    'Hola {nombre}, todavía no pudimos validar el pago de tu pedido #{pedido} por {total}. {motivo} ¿Nos enviás el comprobante de la transferencia? Podés ver tu pedido en {seguimiento}',
  paid: '¡Hola {nombre}! Confirmamos el pago de tu pedido #{pedido} por {total}. Ya lo estamos preparando.',
  readyForPickup: '¡Hola {nombre}! Tu pedido #{pedido} está listo para retirar. Te esperamos en {entrega}.',
  onTheWay: '¡Hola {nombre}! Tu pedido #{pedido} ya está en camino. Podés seguirlo en {seguimiento}',
  delivered: '¡Hola {nombre}! Tu pedido #{pedido} fue entregado. ¡Gracias por tu compra! Cualquier consulta, escribinos por acá.',
  cancelled: 'Hola {nombre}, tu pedido #{pedido} fue cancelado. {motivo} Cualquier consulta, escribinos por acá.',
} as const;

const template = (fallback: string) => z.string().max(1000).catch(fallback).default(fallback);

export const whatsappTemplatesSchema = z
  .object({
    received: template(DEFAULT_WHATSAPP_TEMPLATES.received),
    proofMissing: template(DEFAULT_WHATSAPP_TEMPLATES.proofMissing),
    paid: template(DEFAULT_WHATSAPP_TEMPLATES.paid),
    readyForPickup: template(DEFAULT_WHATSAPP_TEMPLATES.readyForPickup),
    onTheWay: template(DEFAULT_WHATSAPP_TEMPLATES.onTheWay),
    delivered: template(DEFAULT_WHATSAPP_TEMPLATES.delivered),
    cancelled: template(DEFAULT_WHATSAPP_TEMPLATES.cancelled),
  })
  .prefault({});
export type WhatsappTemplates = z.infer<typeof whatsappTemplatesSchema>;

const siteContentObject = z.object({
  hero: z
    .object({
      slogan: s(),
      mainDescription: s(),
      buttonText: s('Ver Productos'),
      buttonLink: s('products'),
      heroImage: z.object({ url: s(DEFAULT_HERO_IMAGE), alt: s(), filename: s() }).prefault({}),
    })
    .prefault({}),
  productCatalog: z.object({ mainTitle: s('Nuestros Productos'), subtitle: s(), categories: list(categorySchema, 50) }).prefault({}),
  [WHY_CHOOSE_KEY]: z
    .object({
      mainTitle: s('¿Por qué elegirnos?'),
      description: s(),
      values: list(z.object({ icon: s('Info'), title: s(), description: s() }), 30),
    })
    .prefault({}),
  contact: z
    .object({
      mainTitle: s('Contáctanos'),
      subtitle: s(),
      description: s(),
      contactInfo: list(
        z.object({ icon: s('Info'), title: s(), details: list(z.string().max(300), 10), description: z.string().max(1000).optional() }),
        20,
      ),
      socialMedia: list(z.object({ icon: s('Globe'), name: s(), handle: s(), link: s() }), 20),
      formTitle: s(),
      formDescription: s(),
      responseMessage: s(),
      responseDisclaimer: s(),
    })
    .prefault({}),
  productDetail: z
    .object({
      infoCards: list(z.object({ icon: s('Info'), title: s(), description: s(), enabled: flag(true) }), 20),
      expandableSections: list(z.object({ id: s(), title: s(), content: s(), enabled: flag(true) }), 20),
      showSizeGuideButton: flag(true),
      sizeGuideButtonText: s('Guía de tallas'),
    })
    .prefault({}),
  sizeGuides: list(sizeGuideSchema, 30),
  checkout: z
    .object({
      deliveryInfo: z
        .object({
          title: s(),
          meetingPoint: z
            .object({ enabled: flag(true), title: s(), description: s(), address: s(), schedule: s(), notes: s() })
            .prefault({}),
          /** The pickup places (the single `meetingPoint` above is moved into this list on first start). */
          meetingPoints: meetingPointsSchema,
        })
        .prefault({}),
      shipping: z
        .object({
          enabled: flag(true),
          title: s(),
          homeDelivery: z
            .object({
              enabled: flag(true),
              title: s(),
              description: s(),
              coverage: s(),
              estimatedDays: s(),
              freeShippingThreshold: amount().default(0),
              baseCost: amount().default(0),
              notes: s(),
              /** Delivery priced by area; an empty list keeps baseCost and freeShippingThreshold for every address. */
              zones: deliveryZonesSchema,
            })
            .prefault({}),
        })
        .prefault({}),
      paymentInfo: z
        .object({
          title: s(),
          cashOnDelivery: z
            .object({
              enabled: flag(true),
              title: s(),
              description: s(),
              additionalFee: amount().default(0),
              discountPercent: wholeNumber(0, 0, MAX_PAYMENT_DISCOUNT_PERCENT, PAYMENT_DISCOUNT_MESSAGE),
              notes: s(),
              // 0 = a cash order is held until staff change it.
              reservationMinutes: reservationMinutes(0),
            })
            .prefault({}),
          bankTransfer: z
            .object({
              enabled: flag(true),
              title: s(),
              bankName: s(),
              cbu: s(),
              alias: s(),
              accountHolder: s(),
              accountType: s(),
              accountNumber: s(),
              instructions: s(),
              discountPercent: wholeNumber(0, 0, MAX_PAYMENT_DISCOUNT_PERCENT, PAYMENT_DISCOUNT_MESSAGE),
              reservationMinutes: reservationMinutes(DEFAULT_TRANSFER_RESERVATION_MINUTES),
            })
            .prefault({}),
          // Offered only when also the server has credentials (MERCADOPAGO_ACCESS_TOKEN); see `GET /content`.
          mercadoPago: z
            .object({
              enabled: flag(false),
              title: s('Mercado Pago'),
              description: s('Pagá con tarjeta de crédito, débito o dinero en cuenta'),
              maxInstallments: wholeNumber(6, MIN_INSTALLMENTS, MAX_INSTALLMENTS, MAX_INSTALLMENTS_MESSAGE),
              /** The plans the shop advertises, with their figures (rules/installments.ts); none until the owner sets them. */
              installmentPlans: installmentPlansSchema,
              /** Whether each product card shows its best plan in one line (the product page always shows them all). */
              installmentsOnCards: flag(false),
              // At least a minute: an unpaid card order is never held for ever (its preference expires with it).
              reservationMinutes: wholeNumber(
                DEFAULT_MERCADOPAGO_RESERVATION_MINUTES,
                1,
                MAX_RESERVATION_MINUTES,
                MERCADOPAGO_RESERVATION_MESSAGE,
              ),
            })
            .prefault({}),
        })
        .prefault({}),
      maxUnitsPerProduct: wholeNumber(DEFAULT_MAX_UNITS_PER_PRODUCT, 1, MAX_UNITS_PER_PRODUCT_LIMIT, MAX_UNITS_PER_PRODUCT_MESSAGE),
      /** Abandoned checkouts: minutes without an order before a draft is listed, and the owner's automatic e-mail. */
      abandonedAfterMinutes: wholeNumber(60, 0, 60 * 24 * 30, 'Los minutos para considerar un carrito abandonado van de 0 a 43200'),
      abandonedEmailEnabled: flag(false),
      abandonedEmailAfterHours: wholeNumber(3, 0, 24 * 29, 'Las horas antes del correo de carrito abandonado van de 0 a 696'),
      /** The highest manual discount (percent of the subtotal) the sales role may give on a sale taken by staff. */
      maxManualDiscountPercent: wholeNumber(15, 0, 100, 'El descuento manual máximo debe ser un número entero entre 0 y 100'),
      /**
       * Factura electrónica: above this total (pesos) ARCA asks to identify the buyer, so the checkout asks her DNI or
       * CUIT; below it an invoice without one goes to "consumidor final". 0 never asks. ARCA sets the figure (RG 5700).
       */
      invoiceIdentificationThreshold: wholeNumber(
        10_000_000,
        0,
        1_000_000_000,
        'El monto a partir del cual se pide DNI o CUIT debe ser un número entero entre 0 y 1.000.000.000',
      ),
    })
    .prefault({}),
  whatsapp: whatsappTemplatesSchema,
  /** The owner's security settings: with `requireTwoFactor`, staff without two-factor sign-in must set it up first. */
  security: z.object({ requireTwoFactor: flag(false) }).prefault({}),
  /** Size exchanges and returns (rules/returns.ts). */
  returns: returnsPolicySchema,
  /** "Precio sin impuestos nacionales" (Ley 27.743): the VAT rates of the prices (content/national-taxes-schema.ts). */
  taxes: nationalTaxesSchema,
  /** The consumer-defence link the storefront's footer carries (content/legal-schema.ts). */
  legal: legalSchema,
});

/** The whole content, with the rules that span several zones or meeting points (repeated ids, shared barrios). */
export const siteContentSchema = siteContentObject.superRefine((content, ctx) => {
  const { deliveryInfo, shipping } = content.checkout;
  for (const message of deliveryListProblems(shipping.homeDelivery.zones, deliveryInfo.meetingPoints)) {
    ctx.addIssue({ code: 'custom', path: ['checkout', 'shipping', 'homeDelivery', 'zones'], message });
  }
});
export type SiteContent = z.infer<typeof siteContentSchema>;

/** Content with every default filled in (what a store shows before anything is configured). */
export function defaultSiteContent(): SiteContent {
  return siteContentSchema.parse({});
}

/** The number behind the outbound chat link: the 'Teléfono' contact card, digits and '+' only. */
export function chatNumberFromContent(content: Pick<SiteContent, 'contact'>): string | null {
  const card = content.contact.contactInfo.find((c) => c.title.trim().toLowerCase() === 'teléfono');
  const raw = card?.details.find((d) => /\d/.test(d)) ?? '';
  const cleaned = raw.replace(/[^\d+]/g, '');
  return cleaned === '' ? null : cleaned;
}

/** Fallback categories when loading them fails. */
export const FALLBACK_CATEGORIES: Category[] = [
  { name: 'electronics', display_name: 'Electrónicos' },
  { name: 'clothing', display_name: 'Ropa' },
  { name: 'books', display_name: 'Libros' },
  { name: 'home', display_name: 'Hogar' },
  { name: 'sports', display_name: 'Deportes' },
  { name: 'beauty', display_name: 'Belleza' },
  { name: 'toys', display_name: 'Juguetes' },
  { name: 'food', display_name: 'Comida' },
  { name: 'automotive', display_name: 'Automotriz' },
];
