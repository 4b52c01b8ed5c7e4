import { z } from 'zod';
import { DEFAULT_VAT_RATE, VAT_RATE_MESSAGE, VAT_RATES } from '../rules/national-taxes.js';

/**
 * "Precio sin impuestos nacionales" (Ley 27.743): the VAT rate the shop's prices include (21 % unless the owner's
 * accountant says otherwise; a monotributo shop keeps the legend with the rate she is told to use), and another rate
 * for some categories (rules/national-taxes.ts).
 */
export const nationalTaxesSchema = z
  .object({
    vatRate: z
      .union(
        VAT_RATES.map((rate) => z.literal(rate)),
        { error: VAT_RATE_MESSAGE },
      )
      .default(DEFAULT_VAT_RATE),
    categoryRates: z
      .array(
        z.object({
          category: z.string().trim().min(1, 'Indicá la categoría de la alícuota').max(80),
          rate: z.union(
            VAT_RATES.map((rate) => z.literal(rate)),
            { error: VAT_RATE_MESSAGE },
          ),
        }),
      )
      .max(50, 'Hasta 50 categorías con alícuota propia')
      .default([]),
  })
  .prefault({});
