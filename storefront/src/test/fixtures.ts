import { defaultSiteContent, type Order, type Product, type SiteContent } from '@shop/shared';

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
        price: 18000,
        size: 'M',
        color: 'Negro',
      },
    ],
    shippingInfo: { fullName: 'Ana Pérez', email: '', phone: '', address: null, city: 'Neuquén', postalCode: null, notes: null },
    paymentMethod: 'cash',
    deliveryType: 'pickup',
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
