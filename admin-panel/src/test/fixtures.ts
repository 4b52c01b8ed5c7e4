import { defaultSiteContent, type Order, type SiteContent } from '@shop/shared';

/** Site content with the seed's categories and three size guides. */
export function contentFixture(): SiteContent {
  const content = defaultSiteContent();
  content.productCatalog.categories = [
    { name: 'conjuntos', display_name: 'Conjuntos' },
    { name: 'corpinos', display_name: 'Corpiños' },
    { name: 'bombachas', display_name: 'Bombachas' },
    { name: 'bombis', display_name: 'Bombis' },
    { name: 'bodys', display_name: 'Bodys' },
    { name: 'pijamas', display_name: 'Pijamas' },
  ];
  content.sizeGuides = [
    {
      category: 'corpinos',
      title: 'Guía de corpiños',
      subtitle: '',
      enabled: true,
      tableHeaders: ['Talle', 'Contorno', 'Busto'],
      tableRows: [
        { size: '85', measurements: ['70-75', '85-90'] },
        { size: '90', measurements: ['75-80', '90-95'] },
        { size: '95', measurements: ['80-85', '95-100'] },
      ],
      notes: '',
    },
    {
      category: 'bombachas',
      title: 'Guía de bombachas',
      subtitle: '',
      enabled: true,
      tableHeaders: ['Talle', 'Cadera'],
      tableRows: [
        { size: 's', measurements: ['86-92'] },
        { size: 'M', measurements: ['92-98'] },
        { size: 'L', measurements: ['98-104'] },
      ],
      notes: '',
    },
    {
      category: 'bombis',
      title: 'Guía de bombis (deshabilitada)',
      subtitle: '',
      enabled: false,
      tableHeaders: ['Talle', 'Cadera'],
      tableRows: [{ size: 'XXL', measurements: ['110'] }],
      notes: '',
    },
  ];
  return content;
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
