import {
  DEFAULT_MERCADOLIBRE_SETTINGS,
  defaultSiteContent,
  type DeliveryZone,
  type MercadoLibreChannelAnswer,
  type Order,
  type Product,
  type SiteContent,
  type SizeGuide,
  type StaffReview,
} from '@shop/shared';

/** The seed's categories as shoppers read them; products carry the name in lower case, without the ñ ('corpinos'). */
const SEED_CATEGORIES = ['Conjuntos', 'Corpiños', 'Bombachas', 'Bombis', 'Bodys', 'Pijamas'];

/** A size guide without subtitle or notes, from its table: the headers, then a row a size (the size, then its measurements). */
function sizeGuide(
  category: string,
  title: string,
  [tableHeaders, ...rows]: [string[], ...[string, ...string[]][]],
  enabled = true,
): SizeGuide {
  const tableRows = rows.map(([size, ...measurements]) => ({ size, measurements }));
  return { category, title, subtitle: '', enabled, tableHeaders, tableRows, notes: '' };
}

/** Site content with the seed's categories and three size guides. */
export function contentFixture(): SiteContent {
  const content = defaultSiteContent();
  content.productCatalog.categories = SEED_CATEGORIES.map((display_name) => ({
    name: display_name.toLowerCase().replace('ñ', 'n'),
    display_name,
  }));
  content.sizeGuides = [
    sizeGuide('corpinos', 'Guía de corpiños', [
      ['Talle', 'Contorno', 'Busto'],
      ['85', '70-75', '85-90'],
      ['90', '75-80', '90-95'],
      ['95', '80-85', '95-100'],
    ]),
    sizeGuide('bombachas', 'Guía de bombachas', [
      ['Talle', 'Cadera'],
      ['s', '86-92'],
      ['M', '92-98'],
      ['L', '98-104'],
    ]),
    sizeGuide(
      'bombis',
      'Guía de bombis (deshabilitada)',
      [
        ['Talle', 'Cadera'],
        ['XXL', '110'],
      ],
      false,
    ),
  ];
  return content;
}

/** 'Corpiño Lila' as the API answers it, active, in sizes 85 and 90 without stock, unless given. */
export function productFixture(fields: Partial<Product> = {}): Product {
  const sizes = ['85', '90'];
  return {
    _id: 'p-lila',
    title: 'Corpiño Lila',
    description: 'Encaje',
    price: 15000,
    discount: 0,
    category: 'corpinos',
    thumbnails: ['/uploads/lila.webp'],
    stock: 0,
    size: sizes,
    stockBySize: Object.fromEntries(sizes.map((size) => [size, 0])),
    status: true,
    colors: [],
    ...fields,
  };
}

export function orderFixture(n: number, overrides: Partial<Order> = {}): Order {
  const seq = String(n).padStart(4, '0');
  return {
    _id: `order-${n}`,
    orderNumber: `JL-20260115-${seq}`,
    items: [{ productId: 'p1', title: 'Conjunto Encaje', image: null, quantity: 1, price: 15000, size: 'M', color: 'Negro' }],
    shippingInfo: {
      fullName: `Cliente ${n}`,
      email: `cliente${n}@mail.com`,
      phone: '299 555 0000',
      address: '',
      city: 'Neuquén',
      postalCode: null,
      notes: null,
    },
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    zone: null,
    meetingPoint: null,
    status: 'pending_manual',
    subtotal: 15000,
    shippingCost: 0,
    cashFee: 0,
    total: 15000,
    notes: null,
    adminNotes: null,
    transferProofUrl: null,
    paidAt: null,
    reservedUntil: null,
    createdAt: '2026-01-15T12:00:00.000Z',
    updatedAt: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

/** A delivery zone priced `cost`: enabled, without barrios, postal codes, free shipping or estimate, unless given. */
export function zoneFixture(id: string, name: string, cost: number, fields: Partial<DeliveryZone> = {}): DeliveryZone {
  return { id, name, barrios: [], postalCodes: [], cost, freeShippingThreshold: 0, estimatedDays: '', enabled: true, ...fields };
}

/** The answer of GET /orders/summary: the totals, and the orders counted by status and payment method. */
export function summaryAnswer(totalOrders: number, totalRevenue: number, byStatus: Record<string, Record<string, number>> = {}) {
  return { data: { summary: { totalOrders, totalRevenue, summaryByStatusAndPaymentMethod: byStatus } } };
}

/** Mercado Libre's channel as the API answers it: connected as JAZMINLENCERIA since 27/11/2026, or not connected. */
export function mercadoLibreChannel(connected = true, settings = DEFAULT_MERCADOLIBRE_SETTINGS): MercadoLibreChannelAnswer {
  const account = connected
    ? { nickname: 'JAZMINLENCERIA', userId: 123456789, connectedAt: '2026-11-27T03:00:00.000Z' }
    : { nickname: null, userId: null, connectedAt: null };
  return { connected, ...account, needsReconnect: false, problem: null, settings };
}

/** A verified buyer's review waiting for approval (María G., order JL-20261110-0004, Corpiño Lila in black), with these fields. */
export function staffReviewFixture(
  fields: Pick<StaffReview, 'id' | 'stars' | 'title' | 'text' | 'fit' | 'size' | 'usualSize'> & Partial<StaffReview>,
): StaffReview {
  return {
    color: 'Negro',
    author: 'María G.',
    verified: true,
    createdAt: '2026-11-20T15:00:00.000Z',
    reply: null,
    status: 'pending',
    reason: null,
    email: 'maria@example.com',
    orderId: 'o1',
    orderNumber: 'JL-20261110-0004',
    productId: 'p-lila',
    productTitle: 'Corpiño Lila',
    ...fields,
  };
}

/** A product to publish on Mercado Libre: $20.000, one size (S) in black with 5 units. */
export function mercadoLibreProduct(_id: string, title: string, fields: Partial<Product> = {}): Product {
  return productFixture({
    _id,
    title,
    description: title,
    price: 20000,
    thumbnails: ['/images/a.webp'],
    stock: 5,
    size: ['S'],
    stockBySize: { S: 5 },
    colors: [{ name: 'Negro', value: '#000' }],
    ...fields,
  });
}
