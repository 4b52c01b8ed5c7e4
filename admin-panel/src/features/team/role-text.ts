import type { StaffRole } from '@shop/shared';

/** What each role may use, in a line (docs/security.md §16), for the invite form and the role select. */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'todo el panel, incluidos el equipo, la actividad y los datos de pago',
  sales: 'órdenes, comprobantes, correos y dashboard (no edita productos ni contenido)',
  catalog: 'productos, contenido del sitio sin datos de pago y dashboard (no ve órdenes)',
};
