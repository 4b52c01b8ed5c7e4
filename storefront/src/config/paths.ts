/** Every route of the storefront, in one place. */
export const paths = {
  home: '/',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  productPattern: '/product/:id',
  category: (category: string) => `/category/${encodeURIComponent(category)}`,
  categoryPattern: '/category/:category',
  cart: '/cart',
  checkout: '/checkout',
  /** The abandoned-checkout recovery link (written by the server and the back office: keep it as is). */
  checkoutRecoveryPattern: '/checkout/recuperar/:token',
  /** The abandoned-checkout e-mail's unsubscribe link (`?token=…`), written by the server. */
  checkoutUnsubscribe: '/checkout/baja',
  confirmation: (orderNumber: string) => `/order-confirmation/${encodeURIComponent(orderNumber)}`,
  confirmationPattern: '/order-confirmation/:orderNumber',
  tracking: '/track-order',
  /** The shop's exchange and return policy ("Política de cambios y devoluciones"). */
  returnsPolicy: '/cambios-y-devoluciones',
  /** The botón de arrepentimiento (`?codigo=` reads a request's status): written by the server's e-mails too. */
  withdrawal: '/arrepentimiento',
  /** "Términos y condiciones" and "Política de privacidad" (site content `legal`), linked from the footer and forms. */
  terms: '/terminos-y-condiciones',
  privacy: '/politica-de-privacidad',
  /** The catalogue search: `/search?q=corpiño`. */
  search: (term: string) => `/search?q=${encodeURIComponent(term)}`,
  searchPattern: '/search',
  /** The link of a stock-alert e-mail (`?token=…`), written by the server: keep it as is. */
  stockAlertUnsubscribe: '/avisame/baja',
  /** The review e-mail's link (`/opinar/<token>`) and its opt-out (`?token=…`), written by the server: keep them as is. */
  reviewInvitation: (token: string) => `/opinar/${encodeURIComponent(token)}`,
  reviewInvitationPattern: '/opinar/:token',
  reviewUnsubscribe: '/opinar/baja',
  /** Her account ("Mi cuenta"): the sign-in with a code by e-mail (`?email=…&codigo=1` opens at the code), then her account. */
  account: '/cuenta',
  /** Served by the back-office app, so it is a full page load, not a router link. */
  adminLogin: '/admin/login',
} as const;

/** Home-page section anchors (links such as /#catalogo scroll to them). */
export const SECTIONS = { home: 'inicio', products: 'products', contact: 'contact' } as const;
