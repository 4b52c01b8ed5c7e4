import { z } from 'zod';
import { DEFAULT_PRIVACY_TEXT, DEFAULT_TERMS_TEXT } from './legal-texts.js';

/**
 * The consumer-defence link every Argentine online shop shows (Res. SCI 274/2019 and Disp. SSDCyLC 954/2025): this
 * exact text, linking to the national complaints portal, whose address the owner may update.
 */
export const CONSUMER_DEFENSE_LINK_TEXT = 'Defensa de las y los Consumidores. Para reclamos ingrese aquí';
/** The national portal's complaint form, as its address was known when this was written (the owner may change it). */
export const DEFAULT_CONSUMER_DEFENSE_URL = 'https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario';
export const CONSUMER_DEFENSE_URL_MESSAGE =
  'La dirección de Defensa del Consumidor debe ser una página segura (https://…), por ejemplo la del formulario de reclamos del Estado';
export const DATA_FISCAL_URL_MESSAGE =
  'La dirección del Data Fiscal debe ser la que da ARCA (una dirección de afip.gob.ar o arca.gob.ar, por ejemplo http://qr.afip.gob.ar/?qr=…)';
export const DATA_FISCAL_IMAGE_MESSAGE = 'La imagen del Data Fiscal debe ser una imagen subida a la tienda (JPG, PNG o WEBP)';
export const LEGAL_TEXT_MAX = 20_000;
export const LEGAL_TEXT_MESSAGE = `Los textos legales pueden tener hasta ${LEGAL_TEXT_MAX.toLocaleString('es-AR')} caracteres`;

/** A URL on ARCA's domains (afip.gob.ar, arca.gob.ar or a subdomain), http or https as ARCA's own snippet gives it. */
export function isArcaUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password || url.port) return false;
  return /^(?:[a-z0-9-]+\.)*(?:afip|arca)\.gob\.ar$/.test(url.hostname);
}

/** A picture this shop stored through its upload endpoint (re-encoded and size-checked there). */
const UPLOADED_PICTURE = /^\/uploads\/[A-Za-z0-9._-]+\.(?:jpe?g|png|webp)$/i;

/** Site content `legal`: what the law asks the storefront to show beside the shop's own texts. */
export const legalSchema = z
  .object({
    consumerDefenseUrl: z
      .string({ error: CONSUMER_DEFENSE_URL_MESSAGE })
      .trim()
      .max(500, CONSUMER_DEFENSE_URL_MESSAGE)
      .regex(/^https:\/\/[^\s/?#]+\.[^\s]*$/, CONSUMER_DEFENSE_URL_MESSAGE)
      .default(DEFAULT_CONSUMER_DEFENSE_URL),
    /** The Data Fiscal QR's link ARCA gives the shop (RG AFIP 1415): '' until the owner sets it (the footer hides it). */
    dataFiscalUrl: z
      .string({ error: DATA_FISCAL_URL_MESSAGE })
      .trim()
      .max(500, DATA_FISCAL_URL_MESSAGE)
      .refine((v) => v === '' || isArcaUrl(v), DATA_FISCAL_URL_MESSAGE)
      .default(''),
    /** The Data Fiscal image the owner uploaded ('' until then). */
    dataFiscalImage: z
      .string({ error: DATA_FISCAL_IMAGE_MESSAGE })
      .trim()
      .max(300, DATA_FISCAL_IMAGE_MESSAGE)
      .refine((v) => v === '' || UPLOADED_PICTURE.test(v), DATA_FISCAL_IMAGE_MESSAGE)
      .default(''),
    /** "Términos y condiciones" and "Política de privacidad": the owner's texts; empty means the suggested one. */
    termsText: z.string({ error: LEGAL_TEXT_MESSAGE }).max(LEGAL_TEXT_MAX, LEGAL_TEXT_MESSAGE).default(DEFAULT_TERMS_TEXT),
    privacyText: z.string({ error: LEGAL_TEXT_MESSAGE }).max(LEGAL_TEXT_MAX, LEGAL_TEXT_MESSAGE).default(DEFAULT_PRIVACY_TEXT),
  })
  .prefault({});
export type LegalContent = z.infer<typeof legalSchema>;

/** Whether the footer shows the Data Fiscal: both its image and its link set. */
export const hasDataFiscal = (legal: Pick<LegalContent, 'dataFiscalUrl' | 'dataFiscalImage'>) =>
  legal.dataFiscalUrl !== '' && legal.dataFiscalImage !== '';
