import { productCountAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export const getProductCount = async () =>
  (await api.get('/products/count', productCountAnswerSchema, 'Error al obtener conteo de productos')).count;
