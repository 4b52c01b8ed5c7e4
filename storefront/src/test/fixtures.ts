import {
  defaultSiteContent,
  trackedOrderItemSchema,
  trackedOrderSummarySchema,
  type Order,
  type Product,
  type ProductVariantAnswer,
  type SiteContent,
  type SizeGuide,
  type TrackedOrderDetail,
  type TrackedOrderSummary,
} from '@shop/shared';

/** A product as the server answers it; each size has the product's `stock` unless the test gives `stockBySize`. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const product = {
    _id: 'p1',
    title: 'Conjunto Encaje Rosa',
    description: 'Conjunto de encaje suave.',
    price: 20000,
    discount: 0,
    category: 'conjuntos',
    thumbnails: ['/images/products/p1.webp'],
    stock: 5,
    size: ['S', 'M', 'L'],
    status: true,
    colors: [
      { name: 'Negro', value: '#000000' },
      { name: 'Blanco', value: '#FFFFFF' },
    ],
    ...overrides,
  };
  return { ...product, stockBySize: overrides.stockBySize ?? Object.fromEntries(product.size.map((size) => [size, product.stock])) };
}

/** The order's one line: two 'Conjunto Encaje Rosa' in M, black, at $18.000. */
export function makeOrderLine() {
  return {
    productId: 'p1',
    title: 'Conjunto Encaje Rosa',
    image: '/images/products/p1.webp',
    quantity: 2,
    unitPrice: 18000,
    lineTotal: 36000,
    price: 18000,
    size: 'M',
    color: 'Negro',
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    orderNumber: 'JL-20261121-0001',
    items: [makeOrderLine()],
    shippingInfo: { fullName: 'Ana Pérez', email: '', phone: '', address: null, city: 'Neuquén', postalCode: null, notes: null },
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    zone: null,
    meetingPoint: null,
    status: 'pending_manual',
    subtotal: 36000,
    shippingCost: 0,
    cashFee: 0,
    total: 36000,
    notes: null,
    adminNotes: null,
    transferProofUrl: null,
    paidAt: null,
    reservedUntil: null,
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    ...overrides,
  };
}

/** GET /orders/by-number's answer for makeOrder()'s order without the checkout contact: what identifies nobody. */
export function makeTrackedSummary(overrides: Partial<TrackedOrderSummary> = {}): TrackedOrderSummary {
  const order = makeOrder();
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  // The contract's schema keeps only what the summary shows of the order.
  return { ...trackedOrderSummarySchema.parse({ ...order, detail: 'summary', units }), ...overrides };
}

/** The same order's answer with the checkout contact: the tracking card. */
export function makeTrackedCard(overrides: Partial<TrackedOrderDetail> = {}): TrackedOrderDetail {
  const order = makeOrder();
  return {
    ...makeTrackedSummary(),
    detail: 'full',
    firstName: 'Ana',
    paymentMethod: order.paymentMethod,
    items: order.items.map((item) => trackedOrderItemSchema.parse(item)),
    delivery: { city: order.shippingInfo.city, postalCode: '8300', zoneName: null },
    meetingPoint: order.meetingPoint,
    ...overrides,
  };
}

export function makeContent(mutate?: (content: SiteContent) => void): SiteContent {
  const content = defaultSiteContent();
  content.checkout.shipping.homeDelivery.baseCost = 3000;
  content.checkout.shipping.homeDelivery.freeShippingThreshold = 50000;
  content.checkout.paymentInfo.bankTransfer.cbu = '0110599520000001234567';
  content.checkout.paymentInfo.bankTransfer.alias = 'JAZMIN.LENCERIA';
  content.checkout.deliveryInfo.meetingPoint.address = 'Plaza Central, Neuquén';
  mutate?.(content);
  return content;
}

/**
 * A shop that prices home delivery by zone (two enabled zones, one disabled) and offers two pickup places (and a
 * disabled third).
 */
export function makeZonedContent(mutate?: (content: SiteContent) => void): SiteContent {
  return makeContent((content) => {
    content.checkout.shipping.homeDelivery.zones = [
      {
        id: 'centro',
        name: 'Neuquén Centro',
        barrios: ['Centro', 'Área Centro Oeste', 'Santa Genoveva'],
        postalCodes: ['8300'],
        cost: 2000,
        freeShippingThreshold: 60000,
        estimatedDays: '24 a 48 horas hábiles',
        enabled: true,
      },
      {
        id: 'oeste',
        name: 'Neuquén Oeste',
        barrios: ['Valentina Sur', 'Villa Ceferino', 'Gran Neuquén Sur'],
        postalCodes: ['8302'],
        cost: 3500,
        freeShippingThreshold: 0,
        estimatedDays: '2 a 3 días hábiles',
        enabled: true,
      },
      {
        id: 'plottier',
        name: 'Plottier',
        barrios: ['Plottier'],
        postalCodes: ['8316'],
        cost: 5000,
        freeShippingThreshold: 0,
        estimatedDays: '',
        enabled: false,
      },
    ];
    content.checkout.deliveryInfo.meetingPoints = [
      {
        id: 'plaza',
        title: 'Plaza Central',
        address: 'Av. Argentina y Roca',
        schedule: 'Lunes a viernes de 10 a 18',
        notes: 'Frente a la fuente',
        enabled: true,
      },
      {
        id: 'shopping',
        title: 'Shopping Alto Comahue',
        address: 'Antártida Argentina 1111',
        schedule: 'Sábados de 11 a 20',
        notes: '',
        enabled: true,
      },
      { id: 'estacion', title: 'Estación de ómnibus', address: 'Planas 1800', schedule: '', notes: '', enabled: false },
    ];
    mutate?.(content);
  });
}

/** GET /products's answer: one page holding these products. */
export function productListAnswer(products: Product[]) {
  return {
    status: 'success',
    payload: products,
    totalPages: products.length > 0 ? 1 : 0,
    totalDocs: products.length,
    totalProducts: products.length,
    page: 1,
    limit: 12,
  };
}

/** Her account as GET /account answers it: signed up on 10/01/2026, every e-mail wanted, no sizes yet. */
export function makeAccount(overrides: Partial<{ preferences: Record<string, boolean>; sizes: unknown[] }> = {}) {
  return {
    email: 'ana@example.com',
    createdAt: '2026-01-10T12:00:00.000Z',
    preferences: { cartRecovery: true, stockAlerts: true, news: true },
    sizes: [],
    sessions: 1,
    ...overrides,
  };
}

/** Her saved address 'Casa' (Belgrano 123, Neuquén). */
export function makeSavedAddress() {
  return {
    id: 'a1',
    label: 'Casa',
    fullName: 'Ana Pérez',
    phone: '2995551234',
    address: 'Belgrano 123',
    city: 'Neuquén',
    postalCode: '8300',
    notes: '',
  };
}

/** The demo store's bra guide (cms seed): its first `bands` bands, from 85 up, with their cups. */
export function braSizeGuide(bands = 4): SizeGuide {
  const rows = [
    { size: '85', measurements: ['68 - 72', '84 - 88', 'B'] },
    { size: '90', measurements: ['73 - 77', '89 - 93', 'B'] },
    { size: '95', measurements: ['78 - 82', '94 - 98', 'C'] },
    { size: '100', measurements: ['83 - 87', '99 - 103', 'C'] },
  ];
  return {
    category: 'corpinos',
    title: 'Guía de talles de corpiños',
    subtitle: '',
    enabled: true,
    tableHeaders: ['Talle', 'Contorno bajo busto (cm)', 'Contorno de busto (cm)', 'Copa'],
    tableRows: rows.slice(0, bands),
    notes: '',
  };
}

/** One variant of a product, colour × size, with its stock; a paused one (`active` false) is not available. */
export function makeVariant(color: string, size: string, stock: number, active = true): ProductVariantAnswer {
  return {
    id: `${color.toLowerCase()}~${size}`,
    sku: `CORPINO-SOFT-${color.toUpperCase()}-${size}`,
    color,
    size,
    stock,
    barcode: null,
    active,
    available: active && stock > 0,
  };
}
