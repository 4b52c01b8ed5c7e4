import { z } from 'zod';

/**
 * Shop configuration that is not site content (brand, order prefix, chat number, invoice details).
 * Values come from VITE_* variables at build time; the defaults are development placeholders.
 */
const envSchema = z.object({
  VITE_API_URL: z.string().min(1).default('/api'),
  VITE_BRAND_NAME: z.string().min(1).default('Jazmín Lencería'),
  VITE_BRAND_TAGLINE: z.string().default('Lencería y ropa interior en Neuquén'),
  VITE_ORDER_PREFIX: z.string().min(1).default('JL'),
  VITE_CHAT_NUMBER: z.string().min(5).default('+5492995551234'),
  VITE_SHOP_ADDRESS: z.string().default('Av. Argentina 245, Neuquén Capital'),
  VITE_SHOP_CITY: z.string().default('Neuquén'),
  VITE_SHOP_TAX_ID: z.string().default('CUIT 27-28456789-3'),
  VITE_SHOP_PHONE: z.string().default('+54 9 299 555-1234'),
  VITE_SHOP_EMAIL: z.string().default('hola@jazminlenceria.com.ar'),
  VITE_MEETING_POINT: z.string().default('Monumento a San Martín, Av. Argentina y Av. Olascoaga, Neuquén'),
  VITE_DEVELOPER_CREDIT: z.string().default('Desarrollado con cariño en Neuquén'),
});

function readEnv() {
  const result = envSchema.safeParse(import.meta.env);
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración inválida del storefront: ${detail}`);
  }
  const e = result.data;
  return {
    apiUrl: e.VITE_API_URL.replace(/\/+$/, ''),
    brandName: e.VITE_BRAND_NAME,
    brandTagline: e.VITE_BRAND_TAGLINE,
    orderPrefix: e.VITE_ORDER_PREFIX,
    chatNumber: e.VITE_CHAT_NUMBER,
    shopAddress: e.VITE_SHOP_ADDRESS,
    shopCity: e.VITE_SHOP_CITY,
    shopTaxId: e.VITE_SHOP_TAX_ID,
    shopPhone: e.VITE_SHOP_PHONE,
    shopEmail: e.VITE_SHOP_EMAIL,
    meetingPoint: e.VITE_MEETING_POINT,
    developerCredit: e.VITE_DEVELOPER_CREDIT,
  };
}

export const env = readEnv();
export type Env = typeof env;
