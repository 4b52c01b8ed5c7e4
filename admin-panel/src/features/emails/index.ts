// Public face of the outbox screens. The Correos page is loaded by path from app/app-routes.tsx (its own chunk).
export { OrderEmails } from './order-emails';
