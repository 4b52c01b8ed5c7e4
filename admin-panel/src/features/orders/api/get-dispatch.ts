import { dispatchAnswerSchema, type DispatchType } from '@shop/shared';
import { api } from '@/lib/api-client';

/** Which sheet: home deliveries or pickups, of a day (YYYY-MM-DD, the shop's time zone), one page of it. */
export interface DispatchFilters {
  type: DispatchType;
  date: string;
  page: number;
}

/** A page of the day's orders still to hand over, grouped by zone (type=delivery) or by meeting point (type=pickup). */
export function getDispatch({ type, date, page }: DispatchFilters) {
  return api.request({
    url: '/orders/dispatch',
    params: { type, date, page },
    schema: dispatchAnswerSchema,
    errorMessage: 'Error al obtener la hoja de reparto',
  });
}
