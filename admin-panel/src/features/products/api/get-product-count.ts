import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';

const countSchema = z.object({ count: z.number() });

export async function getProductCount() {
  const { count } = await request('Error al obtener conteo de productos', countSchema, () => apiClient.get('/products/count'));
  return count;
}
