import { z } from 'zod';
import { PROVINCE_CODES, parsePostalCode, postalCodeProblem, POSTAL_CODE_MSG } from '../rules/argentina.js';

/**
 * National shipping through the carriers' own APIs (docs/api.md "Envíos nacionales"): the carriers, the national
 * address, the parcel, the quote's answer, the branches and the owner's settings.
 */
export const CARRIER_IDS = ['correo-argentino', 'andreani'] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];
export const CARRIER_LABELS: Record<CarrierId, string> = { 'correo-argentino': 'Correo Argentino', andreani: 'Andreani' };

/** To the shopper's door, or to a branch of the carrier where she picks it up. */
export const SHIPPING_SERVICE_TYPES = ['door', 'branch'] as const;
export type ShippingServiceType = (typeof SHIPPING_SERVICE_TYPES)[number];
export const SHIPPING_SERVICE_TYPE_LABELS: Record<ShippingServiceType, string> = { door: 'A domicilio', branch: 'A sucursal' };

/** The owner's flat national rate, offered when no carrier answers: its option's carrier. */
export const FLAT_SHIPPING_CARRIER = 'flat' as const;

export const SHIPPING_MSG = {
  street: 'Ingresá la calle',
  number: 'Ingresá la altura (el número de la calle)',
  locality: 'Ingresá la localidad',
  phone: 'Ingresá un teléfono de contacto (de 8 a 15 números)',
  weight: 'El peso del paquete va en gramos enteros, de 1 a 30000',
  side: 'Las medidas del paquete van en centímetros enteros, de 1 a 150',
  parcels: 'Indicá de 1 a 20 paquetes',
  items: 'Indicá de 1 a 50 productos con su cantidad',
  parcelsOrItems: 'Indicá los paquetes o los productos a enviar',
  carrier: 'Elegí Correo Argentino o Andreani',
  money: 'Los importes van en pesos enteros, de 0 a 10.000.000',
  percent: 'El porcentaje va de 0 a 100',
  credential: 'Cada dato de acceso lleva de 1 a 200 caracteres',
  flatName: 'Envío a todo el país',
} as const;

const text = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres` });

/** A postal code, normalised to capitals without spaces (4 digits or a CPA). */
export const postalCodeSchema = z
  .string({ error: POSTAL_CODE_MSG.required })
  .max(20, { error: POSTAL_CODE_MSG.format })
  .transform((value, ctx) => {
    const parsed = parsePostalCode(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.value.cpa ?? parsed.value.digits;
  });

export const provinceCodeSchema = z.enum(PROVINCE_CODES, { error: POSTAL_CODE_MSG.province });

const postalCodeFits = (address: { postalCode: string; province: string }, ctx: z.RefinementCtx) => {
  const problem = postalCodeProblem(address.postalCode, address.province);
  if (problem) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem });
};

/** The fields of a national address without the phone (the order's shippingInfo carries the phone). */
const nationalAddressFields = {
  street: text(SHIPPING_MSG.street),
  number: text(SHIPPING_MSG.number, 20),
  floor: z.string().trim().max(20).optional(),
  apartment: z.string().trim().max(20).optional(),
  locality: text(SHIPPING_MSG.locality, 80),
  province: provinceCodeSchema,
  postalCode: postalCodeSchema,
};

/** A national address (outside the Neuquén zones); the CPA's letter must be the province's. */
export const nationalAddressSchema = z
  .strictObject({
    ...nationalAddressFields,
    phone: z
      .string({ error: SHIPPING_MSG.phone })
      .trim()
      .regex(/^\+?[\d\s()-]{8,24}$/, { error: SHIPPING_MSG.phone })
      .refine((value) => value.replace(/\D/g, '').length >= 8 && value.replace(/\D/g, '').length <= 15, { error: SHIPPING_MSG.phone }),
  })
  .superRefine(postalCodeFits);
export type NationalAddress = z.infer<typeof nationalAddressSchema>;

/** A national address as stored and answered (already checked on the way in): an order's, the shop's return address. */
export const storedNationalAddressSchema = z.object({
  street: z.string(),
  number: z.string(),
  floor: z.string().optional(),
  apartment: z.string().optional(),
  locality: z.string(),
  province: provinceCodeSchema,
  postalCode: z.string(),
});

/** The address of an order shipped by a carrier (POST /orders with `deliveryType: 'carrier'`): all but the phone. */
export const orderNationalAddressSchema = z.strictObject(nationalAddressFields).superRefine(postalCodeFits);
export type OrderNationalAddress = z.infer<typeof orderNationalAddressSchema>;

/** What a quote needs of the address: the postal code and province (the rest of the address may come later). */
export const quoteAddressSchema = z
  .object({
    postalCode: postalCodeSchema,
    province: provinceCodeSchema,
    locality: z.string().trim().max(80).optional(),
    street: z.string().trim().max(120).optional(),
    number: z.string().trim().max(20).optional(),
    floor: z.string().trim().max(20).optional(),
    apartment: z.string().trim().max(20).optional(),
  })
  .superRefine(postalCodeFits);

const side = z
  .number({ error: SHIPPING_MSG.side })
  .int({ error: SHIPPING_MSG.side })
  .min(1, { error: SHIPPING_MSG.side })
  .max(150, { error: SHIPPING_MSG.side });

/** One packed parcel: weight in grams, sides in centimetres (whole numbers). */
export const parcelSchema = z.strictObject({
  weight: z
    .number({ error: SHIPPING_MSG.weight })
    .int({ error: SHIPPING_MSG.weight })
    .min(1, { error: SHIPPING_MSG.weight })
    .max(30_000, { error: SHIPPING_MSG.weight }),
  length: side,
  width: side,
  height: side,
});
export type Parcel = z.infer<typeof parcelSchema>;

export const DEFAULT_PARCEL: Parcel = { weight: 500, length: 30, width: 20, height: 10 };

/**
 * A product's packed parcel (POST/PUT /products `parcel`): each measure optional (null or left out: its category's
 * default, then the shop's), whole grams and centimetres within a carrier's ordinary parcel.
 */
export const productParcelSchema = z.strictObject({
  weight: parcelSchema.shape.weight.nullable().optional(),
  length: side.nullable().optional(),
  width: side.nullable().optional(),
  height: side.nullable().optional(),
});
export type ProductParcelInput = z.infer<typeof productParcelSchema>;

/** POST /shipping/quote: the address and the parcels, or the cart's products (each packed as its category's parcel). */
export const shippingQuoteInputSchema = z
  .strictObject({
    address: quoteAddressSchema,
    parcels: z
      .array(parcelSchema, { error: SHIPPING_MSG.parcels })
      .min(1, { error: SHIPPING_MSG.parcels })
      .max(20, { error: SHIPPING_MSG.parcels })
      .optional(),
    items: z
      .array(
        z.strictObject({
          productId: z
            .string({ error: SHIPPING_MSG.items })
            .trim()
            .min(1, { error: SHIPPING_MSG.items })
            .max(64, { error: SHIPPING_MSG.items }),
          quantity: z
            .number({ error: SHIPPING_MSG.items })
            .int({ error: SHIPPING_MSG.items })
            .min(1, { error: SHIPPING_MSG.items })
            .max(99, { error: SHIPPING_MSG.items }),
        }),
        { error: SHIPPING_MSG.items },
      )
      .min(1, { error: SHIPPING_MSG.items })
      .max(50, { error: SHIPPING_MSG.items })
      .optional(),
  })
  .refine((input) => input.parcels !== undefined || input.items !== undefined, { error: SHIPPING_MSG.parcelsOrItems });
export type ShippingQuoteInput = z.infer<typeof shippingQuoteInputSchema>;

export const shippingOptionSchema = z.object({
  /** Signed: names the carrier, service, type, price and what was quoted; a later order checks it (docs/api.md). */
  id: z.string(),
  carrier: z.union([z.enum(CARRIER_IDS), z.literal(FLAT_SHIPPING_CARRIER)]),
  service: z.string(),
  type: z.enum(SHIPPING_SERVICE_TYPES),
  price: z.number(),
  days: z.object({ min: z.number(), max: z.number() }),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const shippingQuoteAnswerSchema = z.object({
  shippingOptions: z.array(shippingOptionSchema),
  unavailable: z.array(z.object({ carrier: z.enum(CARRIER_IDS), message: z.string() })),
});
export type ShippingQuoteAnswer = z.infer<typeof shippingQuoteAnswerSchema>;

/** GET /shipping/branches?carrier=&postalCode=&province= */
export const shippingBranchesQuerySchema = z.object({
  carrier: z.enum(CARRIER_IDS, { error: SHIPPING_MSG.carrier }),
  postalCode: postalCodeSchema,
  province: provinceCodeSchema.optional(),
});

export const shippingBranchSchema = z.object({ id: z.string(), name: z.string(), address: z.string(), hours: z.string() });
export type ShippingBranch = z.infer<typeof shippingBranchSchema>;
/** GET /shipping/availability: whether the checkout offers national shipping, and with which carriers. */
export const shippingAvailabilityAnswerSchema = z.object({ national: z.boolean(), carriers: z.array(z.enum(CARRIER_IDS)) });
export type ShippingAvailability = z.infer<typeof shippingAvailabilityAnswerSchema>;

export const shippingBranchesAnswerSchema = z.object({ branches: z.array(shippingBranchSchema) });

const money = z
  .number({ error: SHIPPING_MSG.money })
  .int({ error: SHIPPING_MSG.money })
  .min(0, { error: SHIPPING_MSG.money })
  .max(10_000_000, { error: SHIPPING_MSG.money });
const credential = z
  .string({ error: SHIPPING_MSG.credential })
  .trim()
  .min(1, { error: SHIPPING_MSG.credential })
  .max(200, { error: SHIPPING_MSG.credential });

/** The owner's handling fee on top of a carrier's price: pesos and/or a percentage. */
export const shippingFeesSchema = z.strictObject({
  handlingFee: money,
  handlingPercent: z
    .number({ error: SHIPPING_MSG.percent })
    .min(0, { error: SHIPPING_MSG.percent })
    .max(100, { error: SHIPPING_MSG.percent }),
});
export type ShippingFees = z.infer<typeof shippingFeesSchema>;

/** Correo Argentino (MiCorreo): the customer id MiCorreo gives, and the account's user and password. */
export const correoArgentinoCredentialsSchema = z.strictObject({ customerId: credential, user: credential, password: credential });
/** Andreani: the contract for deliveries to the door, optionally another for branches, and the API user and password. */
export const andreaniCredentialsSchema = z.strictObject({
  contract: credential,
  branchContract: credential.optional(),
  user: credential,
  password: credential,
});

const carrierInput = <C extends z.ZodType>(credentials: C) =>
  z.strictObject({
    enabled: z.boolean().optional(),
    /** Written only: replaces the stored credentials; never answered back. */
    credentials: credentials.optional(),
    handlingFee: shippingFeesSchema.shape.handlingFee.optional(),
    handlingPercent: shippingFeesSchema.shape.handlingPercent.optional(),
  });

/** PUT /shipping/settings: only the fields sent change. */
export const shippingSettingsInputSchema = z.strictObject({
  carriers: z
    .strictObject({
      'correo-argentino': carrierInput(correoArgentinoCredentialsSchema).optional(),
      andreani: carrierInput(andreaniCredentialsSchema).optional(),
    })
    .optional(),
  originPostalCode: postalCodeSchema.optional(),
  /** Where a withdrawal's return shipment goes (the shop's address and phone); null clears it. */
  returnAddress: nationalAddressSchema.nullable().optional(),
  flatRate: money.nullable().optional(),
  freeShippingFrom: money.nullable().optional(),
  defaultParcel: parcelSchema.optional(),
  categoryParcels: z
    .record(z.string().trim().min(1).max(60), parcelSchema)
    .refine((value) => Object.keys(value).length <= 100, { error: 'Hasta 100 categorías' })
    .optional(),
});
export type ShippingSettingsInput = z.infer<typeof shippingSettingsInputSchema>;

export const shippingSettingsAnswerSchema = z.object({
  carriers: z.record(
    z.enum(CARRIER_IDS),
    z.object({ enabled: z.boolean(), configured: z.boolean(), handlingFee: z.number(), handlingPercent: z.number() }),
  ),
  originPostalCode: z.string(),
  returnAddress: storedNationalAddressSchema.extend({ phone: z.string() }).nullable(),
  flatRate: z.number().nullable(),
  freeShippingFrom: z.number().nullable(),
  defaultParcel: parcelSchema,
  categoryParcels: z.record(z.string(), parcelSchema),
});
export type ShippingSettingsAnswer = z.infer<typeof shippingSettingsAnswerSchema>;
