/** Every route of the back office. Paths are relative to the router basename `/admin`. */
export const paths = {
  login: '/login',
  /** The public page of a staff invitation's link (`#<token>`): the invited person chooses her password. */
  invitation: '/invitation',
  home: '/',
  dashboard: '/dashboard',
  products: '/products',
  productNew: '/products/new',
  productEdit: (id: string) => `/products/edit/${encodeURIComponent(id)}`,
  /** "Actualizar stock desde planilla": the stock CSV (download, preview, apply). */
  productStock: '/products/stock',
  /** "Ingreso de mercadería": purchases from suppliers (purchases.manage). */
  purchases: '/purchases',
  orders: '/orders',
  /** "Nueva venta": a sale taken by staff (WhatsApp, Instagram, counter, phone). */
  newSale: '/sales/new',
  /** "Caja": the counter's registers, cash sessions, movements and closing (counter.use). */
  counter: '/counter',
  /** "Mostrador": the counter screen for a tablet and a barcode scanner (counter.use). */
  counterScreen: '/counter/screen',
  /** The "Hoja de reparto": orders to hand over by zone or meeting point (`?type=pickup` for pickups). */
  ordersDispatch: '/orders/dispatch',
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  /** One order's packing slip ("Remito"), to print and put in the package. */
  orderSlip: (id: string) => `/orders/${encodeURIComponent(id)}/remito`,
  /** Shoppers across web and staff sales (customers.view). */
  customers: '/customers',
  customer: (id: string) => `/customers/${encodeURIComponent(id)}`,
  /** 'Cambios y devoluciones': the shoppers' exchange and return requests (returns.manage). */
  returns: '/returns',
  /** 'Arrepentimientos': the botón de arrepentimiento's requests (returns.manage). */
  withdrawals: '/withdrawals',
  emails: '/emails',
  /** 'Carritos abandonados': checkouts left with a contact and no order. */
  abandoned: '/abandoned',
  proofs: '/proofs',
  content: '/content',
  /** 'Opiniones': the verified buyers' reviews, their moderation and the owner's settings (reviews.view). */
  reviews: '/reviews',
  /** Coupons and automatic promotions (owner only). */
  promotions: '/promotions',
  /** 'Reportes': the size curve of a category (owner only, reports.view). */
  reports: '/reports',
  settings: '/settings',
  /** 'Canales › Mercado Libre': the shop's Mercado Libre account and the channel's settings (owner, two-factor). */
  mercadoLibre: '/channels/mercadolibre',
  /** 'Canales › WhatsApp': the Cloud API connection, each step's template, the test (owner, two-factor). */
  whatsapp: '/channels/whatsapp',
  /** 'Mensajes': the shoppers' WhatsApp messages and the answers (whatsapp.chat). */
  messages: '/messages',
  /** The staff accounts (owner only). */
  team: '/team',
  /** What each staff account changed, newest first (owner only). */
  activity: '/activity',
} as const;

/** Absolute links that leave the back office (storefront on the same origin). */
/** The query parameter with which a product's page opens "Publicar en Mercado Libre" with that product chosen. */
export const PUBLISH_PARAM = 'publicar';
export const publishOnMercadoLibrePath = (productId: string) => `${paths.mercadoLibre}?${PUBLISH_PARAM}=${encodeURIComponent(productId)}`;

export const storefrontPaths = {
  home: '/',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
} as const;

export const ROUTER_BASENAME = '/admin';
