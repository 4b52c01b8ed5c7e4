import { staffListAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** GET /staff (owner): every staff account, oldest first. */
export async function getStaff() {
  const { staff } = await api.get('/staff', staffListAnswerSchema, 'Error al obtener el equipo');
  return staff;
}
