import type { StaffPermission } from '@shop/shared';

/**
 * Route → permission for every staff route of the API (its method and path as the route files declare them). The
 * roles that hold each permission are in the shared table (packages/shared/src/rules/staff-permissions.ts); together
 * they are the only place that decides. A staff route missing here is refused to everyone (fail closed), and
 * cms/tests/api/staff-permissions.test.ts fails naming it.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, StaffPermission>> = {
  'GET /orders': 'orders.view',
  'POST /orders/manual': 'orders.create',
  'POST /orders/:id/payment-link': 'orders.create',
  'GET /orders/summary': 'dashboard.view',
  'GET /orders/dispatch': 'orders.view',
  'GET /orders/export.csv': 'orders.export',
  'GET /orders/:id/history': 'orders.view',
  // Abandoned checkouts: the drafts' contacts are the shoppers' data, seen by whoever sees orders.
  'GET /checkouts/abandoned': 'orders.view',
  'GET /checkouts/stats': 'orders.view',
  'PUT /orders/:id/status': 'orders.manage',
  'PATCH /orders/:id/confirm': 'orders.manage',
  'PUT /orders/:id/fulfillment': 'orders.manage',
  'POST /orders/fulfillment': 'orders.manage',
  // Carrier shipments are the dispatch of paid orders: whoever marks orders shipped (orders.manage) creates, prints,
  // cancels and dispatches them; the carriers' credentials stay the owner's (shipping.manage). Reading one: orders.view.
  'GET /orders/:id/shipment': 'orders.view',
  'POST /orders/:id/shipment': 'orders.manage',
  'DELETE /orders/:id/shipment': 'orders.manage',
  'POST /orders/:id/shipment/dispatch': 'orders.manage',
  'GET /orders/:id/shipment/label': 'orders.manage',
  'POST /shipments/labels': 'orders.manage',
  'POST /orders/:id/refund': 'orders.refund',
  'DELETE /orders/:id': 'orders.delete',
  // Shoppers' contacts (name, e-mail, phone) and what they bought: sales and the owner; the whole list as a file, the owner.
  'GET /customers': 'customers.view',
  'GET /customers/:id': 'customers.view',
  'GET /customers/export.csv': 'customers.export',
  // Electronic invoices (ARCA): the order's invoice is read and downloaded with orders.view; asking ARCA for one or
  // for a credit note, and the settings, key and certificate, are the owner's (invoicing.manage).
  'GET /orders/:id/invoice': 'orders.view',
  'GET /orders/:id/invoice.pdf': 'orders.view',
  'POST /orders/:id/invoice': 'invoicing.manage',
  'POST /orders/:id/credit-note': 'invoicing.manage',
  'GET /invoicing/settings': 'invoicing.manage',
  'PUT /invoicing/settings': 'invoicing.manage',
  'POST /invoicing/csr': 'invoicing.manage',
  'PUT /invoicing/certificate': 'invoicing.manage',
  'POST /invoicing/test': 'invoicing.manage',
  'GET /invoicing/libro-iva.csv': 'orders.export',
  // National shipping: the carriers, their credentials, fees and the flat rate are the owner's.
  'GET /shipping/settings': 'shipping.manage',
  'PUT /shipping/settings': 'shipping.manage',
  // WhatsApp (Cloud API): the connection, its templates and the test are the owner's (with two-factor); the
  // shoppers' messages and an order's messages, whoever sells.
  'GET /whatsapp/settings': 'whatsapp.manage',
  'PUT /whatsapp/settings': 'whatsapp.manage',
  'GET /whatsapp/templates': 'whatsapp.manage',
  'POST /whatsapp/test': 'whatsapp.manage',
  'GET /whatsapp/conversations': 'whatsapp.chat',
  'GET /whatsapp/conversations/:phone': 'whatsapp.chat',
  'POST /whatsapp/conversations/:phone/messages': 'whatsapp.chat',
  'GET /orders/:id/whatsapp': 'whatsapp.chat',
  // Reviews: read by every role; moderated by the owner and the catalogue; the invitations' settings, the owner's.
  'GET /reviews': 'reviews.view',
  // A product's reviews by month and size: every role; its exchanges ride along only for reports.view (the controller).
  'GET /reviews/products/:id/stats': 'reviews.view',
  'PUT /reviews/:id': 'reviews.moderate',
  'GET /reviews/settings': 'settings.manage',
  'PUT /reviews/settings': 'settings.manage',
  'GET /emails': 'emails.manage',
  'POST /emails/:id/resend': 'emails.manage',
  'GET /insight/daily-sales': 'dashboard.view',
  'GET /insight/discounts': 'dashboard.view',
  'GET /insight/low-stock': 'insight.view',
  'PUT /insight/low-stock-threshold': 'insight.manage',
  // How each model fits, from exchanges and returns, with its sales: the owner's report.
  'GET /reports/fit': 'reports.view',
  // The size curve of a category (units sold per size, sell-outs, a purchase split by it) and its CSV.
  'GET /reports/size-curve': 'reports.view',
  'GET /reports/size-curve.csv': 'reports.view',
  // The stock views: days of stock, dead stock, what to reorder (and their CSV).
  'GET /reports/stock': 'reports.view',
  'GET /reports/stock.csv': 'reports.view',
  // Sales grouped by product, variant, colour, size, category or channel, net of discounts and refunds, with costs.
  'GET /reports/sales': 'reports.view',
  'GET /reports/sales.csv': 'reports.view',
  'GET /interactions/summary': 'insight.view',
  'GET /interactions/most-viewed-products': 'insight.view',
  'GET /interactions/most-viewed-categories': 'insight.view',
  'DELETE /interactions/reset': 'insight.manage',
  'GET /products/export.csv': 'products.export',
  'GET /products/stock.csv': 'products.export',
  'POST /products/stock.csv': 'products.manage',
  // The stock ledger: a variant's history and the check (stock.view); "Ajuste de stock" (stock.adjust).
  'GET /stock-movements': 'stock.view',
  'GET /stock-check': 'stock.view',
  'POST /stock-adjustments': 'stock.adjust',
  // "Ingreso de mercadería": suppliers, purchases and the variants' costs (owner and catalog); the cost method is the
  // owner's setting (settings.manage), read by whoever receives purchases.
  'GET /suppliers': 'purchases.manage',
  'POST /suppliers': 'purchases.manage',
  'PUT /suppliers/:id': 'purchases.manage',
  'GET /purchases': 'purchases.manage',
  'POST /purchases': 'purchases.manage',
  'POST /purchases/sheet': 'purchases.manage',
  'GET /purchases/:id': 'purchases.manage',
  'PUT /purchases/:id': 'purchases.manage',
  'POST /purchases/:id/receive': 'purchases.manage',
  'POST /purchases/:id/reverse': 'purchases.manage',
  'GET /variant-costs': 'purchases.manage',
  'PUT /variant-costs': 'purchases.manage',
  'GET /purchase-settings': 'purchases.manage',
  'PUT /purchase-settings': 'settings.manage',
  'POST /products': 'products.manage',
  'PUT /products/:id': 'products.manage',
  'DELETE /products/:id': 'products.manage',
  'PUT /content': 'content.edit',
  // Shoppers' "Avisame" requests carry their e-mails: those who run the catalogue see and delete them.
  'GET /stock-alerts': 'products.manage',
  'DELETE /stock-alerts/:id': 'products.manage',
  'GET /insight/waited-sizes': 'insight.view',
  'GET /insight/search-misses': 'insight.view',
  'GET /coupons': 'promotions.manage',
  'POST /coupons': 'promotions.manage',
  'PUT /coupons/:id': 'promotions.manage',
  'DELETE /coupons/:id': 'promotions.manage',
  'GET /promotions': 'promotions.manage',
  'POST /promotions': 'promotions.manage',
  'PUT /promotions/:id': 'promotions.manage',
  'DELETE /promotions/:id': 'promotions.manage',
  'GET /staff': 'staff.manage',
  'GET /activity': 'staff.manage',
  'POST /staff': 'staff.manage',
  'PUT /staff/:id': 'staff.manage',
  'DELETE /staff/:id': 'staff.manage',
  'PUT /users/profile': 'account.self',
  'POST /auth/2fa/setup': 'account.self',
  'POST /auth/2fa/enable': 'account.self',
  'POST /auth/2fa/disable': 'account.self',
  'PUT /users/password': 'account.self',
  // The go-live checklist shows the server's configuration; the test e-mail goes to the caller's own address.
  'GET /health/checklist': 'settings.manage',
  'POST /health/test-email': 'settings.manage',
  // The counter's cash register ("Caja"): sessions, movements, closing and the Z report (owner and sales); creating
  // registers and the sessions' CSV for the accountant, the owner.
  'GET /registers': 'counter.use',
  'POST /registers': 'counter.manage',
  'POST /registers/:id/sessions': 'counter.use',
  'GET /cash-sessions/:id': 'counter.use',
  'POST /cash-sessions/:id/movements': 'counter.use',
  'POST /cash-sessions/:id/close': 'counter.use',
  'POST /cash-sessions/:id/reopen': 'counter.manage',
  'GET /cash-sessions/:id/report.pdf': 'counter.use',
  'GET /cash-sessions/tickets/:orderNumber': 'counter.use',
  'GET /cash-sessions.csv': 'counter.manage',
  // Card and QR parts of counter sales (followed, cancelled, another part added) and the register's Mercado Pago devices.
  'GET /counter-payments/:id': 'counter.use',
  'DELETE /counter-payments/:id': 'counter.use',
  'POST /orders/:id/counter-payments': 'counter.use',
  'PATCH /registers/:id': 'counter.manage',
  // Size exchanges and returns asked by shoppers (owner and sales).
  'GET /returns': 'returns.manage',
  'GET /returns/:id': 'returns.manage',
  'PUT /returns/:id/status': 'returns.manage',
  // The botón de arrepentimiento's requests (permissions like the returns').
  'GET /withdrawals': 'returns.manage',
  'PUT /withdrawals/:id': 'returns.manage',
  'POST /withdrawals/:id/return-shipment': 'returns.manage',
  'GET /withdrawals/:id/return-shipment/label': 'returns.manage',
  // Mercado Libre: connecting the shop's account there, its settings (the owner, with two-factor sign-in on).
  'GET /channels/mercadolibre': 'channels.manage',
  'POST /channels/mercadolibre/connect': 'channels.manage',
  'POST /channels/mercadolibre/check': 'channels.manage',
  'PUT /channels/mercadolibre/settings': 'channels.manage',
  'DELETE /channels/mercadolibre': 'channels.manage',
  // Mercado Libre listings: publishing, pausing, closing and linking items (the owner, with two-factor sign-in on).
  'GET /channels/mercadolibre/categories': 'channels.manage',
  'GET /channels/mercadolibre/categories/:categoryId/attributes': 'channels.manage',
  'GET /channels/mercadolibre/listings': 'channels.manage',
  'POST /channels/mercadolibre/listings': 'channels.manage',
  'PUT /channels/mercadolibre/listings/:productId': 'channels.manage',
  // Pre-sale questions: answered in the name of the shop's Mercado Libre account (its reputation), from its page.
  'GET /channels/mercadolibre/questions': 'channels.manage',
  'POST /channels/mercadolibre/questions/:id/answer': 'channels.manage',
};

/** The permission a staff route needs, or null when the table does not name it. */
export function routePermission(method: string, path: string): StaffPermission | null {
  return ROUTE_PERMISSIONS[`${method.toUpperCase()} ${path}`] ?? null;
}

/** The shop's routes anyone may call (shoppers, the storefront, load balancers); rate limits live in their controllers. */
export const PUBLIC_ROUTES: readonly string[] = [
  'POST /auth/login',
  'GET /auth/check',
  'POST /auth/renew',
  'POST /auth/logout',
  'POST /auth/2fa/verify',
  'POST /auth/invitation',
  'POST /checkout/quote',
  // National shipping: the carriers' quotes and branches (rate limited like the checkout's quote).
  'POST /shipping/quote',
  'GET /shipping/branches',
  'GET /shipping/availability',
  'POST /returns',
  // The botón de arrepentimiento: no sign-in, order number + contact (rate limited like the returns).
  'POST /withdrawals',
  'GET /withdrawals/:code',
  // Abandoned checkouts: the draft by its random token (never its contact) and the e-mail's unsubscribe link.
  'PUT /checkouts/:token',
  'GET /checkouts/:token',
  'POST /checkouts/unsubscribe',
  'GET /promotions/live',
  'POST /contact',
  'GET /content',
  'GET /health',
  'POST /interactions',
  'POST /orders',
  'GET /orders/by-number/:orderNumber',
  'GET /orders/:id',
  // The shopper's invoice PDF: order number + the purchase's e-mail or phone in the body, rate limited like tracking.
  'POST /orders/tracking/invoice.pdf',
  'GET /products',
  'GET /products/count',
  'GET /products/:id',
  'GET /products/best-sellers',
  'POST /products/:id/stock-alerts',
  'POST /stock-alerts/unsubscribe',
  'POST /upload/proof',
  // Mercado Pago's notifications: public, acted on only when signed with the webhook secret.
  'POST /payments/mercadopago/webhook',
  // Mercado Libre sends the owner's browser back here: rate limited, acted on only with an unspent state.
  'GET /channels/mercadolibre/callback',
  // Mercado Libre's notifications: rate limited; only the resource is kept, fetched later with the account's token.
  'POST /channels/mercadolibre/notifications',
  // Meta's check of the WhatsApp callback (only with the shop's verify token) and its notifications (only signed).
  'GET /whatsapp/webhook',
  'POST /whatsapp/webhook',
  // Reviews: a product's approved ones; an invitation's lines, a review and the opt-out, each with the signed link.
  'GET /products/:id/reviews',
  'GET /reviews/invitation/:token',
  'POST /reviews',
  'POST /reviews/unsubscribe',
  // Her account: the code and the sign-in are open; every other route answers only her cookie's session (checked in
  // the accounts domain, with the origin), never a staff token.
  'POST /account/code',
  'POST /account/session',
  'DELETE /account/session',
  'DELETE /account/sessions',
  'GET /account',
  'PUT /account/preferences',
  'GET /account/orders',
  'GET /account/addresses',
  'PUT /account/addresses',
  'GET /account/measurements',
  'PUT /account/measurements',
  'GET /account/favorites',
  'PUT /account/favorites',
  'GET /account/alerts',
  'DELETE /account/alerts/:id',
  'GET /account/export',
  'DELETE /account',
];
