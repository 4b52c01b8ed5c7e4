/**
 * @shop/shared: the rules, schemas and texts the server (cms), the storefront and the back office share.
 * Layout: `rules/` (pure business rules), `contract/` (request and answer schemas of the API), `content/` (the
 * site content the owner edits), `emails/` (the shop's e-mails), `pages/` (what the server and the storefront's
 * pages agree on), `constants/` (texts and limits). Exported below by domain.
 */

// ---------- Shared texts, limits, money and validation ----------
export * from './constants/messages.js';
export * from './constants/limits.js';
export * from './rules/money.js';
export * from './rules/pricing.js';
export * from './contract/errors.js';

// ---------- Catalogue ----------
export * from './contract/product-inputs.js';
export * from './contract/products.js';
export * from './contract/stock-sheet.js';
export * from './contract/stock-ledger.js';
export * from './contract/purchases.js';
export * from './contract/purchase-settings.js';
export * from './contract/order-line.js';
export * from './rules/size-guides.js';
export * from './rules/size-measure.js';
export * from './rules/size-finder.js';
export * from './rules/product-fit.js';
export * from './rules/review-months.js';
export * from './rules/size-curve.js';
export * from './rules/stock-report.js';
export * from './rules/sales-report.js';
export * from './rules/national-taxes.js';
export * from './rules/installments.js';
export * from './rules/stock.js';
export * from './rules/variants.js';
export * from './rules/variant-grid.js';
export * from './rules/variant-stock.js';
export * from './rules/line-price.js';
export * from './contract/search.js';
export * from './rules/search.js';
export * from './rules/feeds.js';
export * from './contract/alerts.js';
export * from './contract/checkouts.js';
export * from './contract/uploads.js';

// ---------- Orders & checkout ----------
export * from './rules/statuses.js';
export * from './rules/order-number.js';
export * from './rules/order-hold.js';
export * from './rules/first-come-slots.js';
export * from './rules/checkout-options.js';
export * from './rules/delivery.js';
export * from './rules/quote/index.js';
export * from './contract/quote.js';
export * from './contract/order-inputs.js';
export * from './contract/orders.js';
export * from './contract/manual-orders.js';
export * from './contract/counter.js';
export * from './contract/counter-payments.js';
export * from './contract/counter-ticket.js';
export * from './rules/order-status-change.js';
export * from './rules/fulfillment.js';
export * from './rules/channels.js';
export * from './rules/manual-sale.js';
export * from './contract/tracking.js';
export * from './rules/returns.js';
export * from './contract/returns.js';
export * from './rules/withdrawals.js';
export * from './contract/withdrawals.js';
export * from './contract/whatsapp-cloud.js';
export * from './contract/reviews.js';
export * from './contract/account.js';
export * from './contract/product-fit.js';
export * from './contract/review-stats.js';
export * from './contract/size-curve.js';
export * from './contract/stock-report.js';
export * from './contract/sales-report.js';
export * from './rules/contact.js';
export * from './contract/dispatch.js';
export * from './rules/order-export.js';
export * from './rules/csv.js';
export * from './rules/phone.js';
export * from './rules/whatsapp.js';
export * from './rules/customers.js';
export * from './contract/customers.js';
export * from './rules/cuit.js';
export * from './rules/argentina.js';
export * from './contract/shipping.js';
export * from './contract/national-shipping.js';
export * from './contract/shipments.js';
export * from './rules/shipping-price.js';
export * from './rules/parcels.js';

// ---------- Payments & promotions ----------
export * from './rules/promotions/index.js';
export * from './contract/promotions.js';

// ---------- Staff & accounts ----------
export * from './rules/staff-permissions.js';
export * from './contract/auth.js';
export * from './contract/staff.js';
export * from './contract/activity.js';
export * from './contract/invoicing.js';

// ---------- Sales channels (Mercado Libre) ----------
export * from './contract/mercadolibre.js';
export * from './contract/mercadolibre-listings.js';
export * from './contract/mercadolibre-sales.js';

// ---------- Insight (the dashboard) ----------
export * from './rules/insight.js';
export * from './contract/insight.js';
export * from './contract/interactions.js';

// ---------- Site content ----------
export * from './content/site-content.js';
export * from './content/legal-schema.js';
export * from './content/legal-texts.js';
export * from './content/demo-size-guides.js';
export * from './content/content-write.js';
export * from './content/content-read.js';
export * from './content/merge.js';
export * from './content/icons.js';
export * from './contract/content.js';
export * from './contract/contact.js';

// ---------- Notifications & e-mails ----------
export * from './emails/index.js';
export * from './contract/emails.js';

// ---------- Health & the go-live checklist ----------
export * from './contract/health.js';
export * from './rules/go-live/index.js';

// ---------- Storefront pages (also imported alone as @shop/shared/pictures and @shop/shared/page-answers) ----------
export * from './pages/pictures.js';
export * from './pages/page-answers.js';
