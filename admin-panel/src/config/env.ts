import { z } from 'zod';

const envSchema = z.object({
  VITE_API_URL: z.string().trim().min(1).optional(),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Configuración inválida del panel: ${parsed.error.message}`);
}

/** Typed environment of the back office (validated once at start-up). */
export const env = {
  apiUrl: (parsed.data.VITE_API_URL ?? '/api').replace(/\/+$/, ''),
} as const;
