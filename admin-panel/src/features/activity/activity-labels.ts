import type { ActivityKind } from '@shop/shared';

/** The kinds of work of the activity list, in Spanish (the filter's options and each row's tag). */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  orders: 'Órdenes',
  products: 'Productos',
  content: 'Contenido',
  staff: 'Equipo',
  account: 'Cuenta propia',
  insight: 'Estadísticas',
  emails: 'Correos',
};
