import {
  defaultSiteContent,
  trackedOrderItemSchema,
  trackedOrderSummarySchema,
  type Order,
  type Product,
  type SiteContent,
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

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    orderNumber: 'JL-20261121-0001',
    items: [
      {
        productId: 'p1',
        title: 'Conjunto Encaje Rosa',
        image: '/images/products/p1.webp',
        quantity: 2,
        unitPrice: 18000,
        lineTotal: 36000,
        price: 18000,
        size: 'M',
        color: 'Negro',
      },
    ],
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
