import { productAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export const getProduct = async (id: string) =>
  (await api.get(`/products/${encodeURIComponent(id)}`, productAnswerSchema, 'Error al obtener producto')).product;
