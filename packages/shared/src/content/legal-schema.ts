import { z } from 'zod';

/**
 * The consumer-defence link every Argentine online shop shows (Res. SCI 274/2019 and Disp. SSDCyLC 954/2025): this
 * exact text, linking to the national complaints portal, whose address the owner may update.
 */
export const CONSUMER_DEFENSE_LINK_TEXT = 'Defensa de las y los Consumidores. Para reclamos ingrese aquí';
/** The national portal's complaint form, as its address was known when this was written (the owner may change it). */
export const DEFAULT_CONSUMER_DEFENSE_URL = 'https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario';
export const CONSUMER_DEFENSE_URL_MESSAGE =
  'La dirección de Defensa del Consumidor debe ser una página segura (https://…), por ejemplo la del formulario de reclamos del Estado';

/** Site content `legal`: what the law asks the storefront to show beside the shop's own texts. */
export const legalSchema = z
  .object({
    consumerDefenseUrl: z
      .string({ error: CONSUMER_DEFENSE_URL_MESSAGE })
      .trim()
      .max(500, CONSUMER_DEFENSE_URL_MESSAGE)
      .regex(/^https:\/\/[^\s/?#]+\.[^\s]*$/, CONSUMER_DEFENSE_URL_MESSAGE)
      .default(DEFAULT_CONSUMER_DEFENSE_URL),
  })
  .prefault({});
export type LegalContent = z.infer<typeof legalSchema>;
