// The 'Caja' page is loaded by path from app/app-routes.tsx (its own chunk); "Nueva venta" reads the registers.
export { counterQueries } from './api/counter-api';
