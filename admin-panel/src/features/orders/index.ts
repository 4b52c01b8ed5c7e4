// Public face of the order admin. Its screens are loaded by path from app/app-routes.tsx (their own chunks).
export { getOrders } from './api/get-orders';
export { orderQueries } from './api/order-queries';
export { breakdownByMethod } from './order-list-model';
export { useUpdateOrderStatus } from './api/update-order-status';
export { formatDate, formatDateTime } from '@/lib/format-date';
export { WhatsappLink } from './whatsapp-link';
