// Public face of the customers list. Its screens are loaded by path from app/app-routes.tsx (their own chunks).
export { customerQueries } from './api/customer-queries';
