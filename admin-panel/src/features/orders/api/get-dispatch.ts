import { dispatchAnswerSchema, type DispatchType } from '@shop/shared';
import { api } from '@/lib/api-client';

/** The orders still to hand over, grouped by zone (type=delivery) or by meeting point (type=pickup). */
export function getDispatch(type: DispatchType) {
  return api.request({
    url: '/orders/dispatch',
    params: { type },
    schema: dispatchAnswerSchema,
    errorMessage: 'Error al obtener la hoja de reparto',
  });
}
