import { describe, expect, it } from 'vitest';
import type { Order } from '../contract/orders.js';
import { escapeHtml, renderMail, safeHref } from './layout.js';
import { orderFulfillmentMail, orderReceivedMail, orderStatusMail, type ShopperMailContext } from './order-mails.js';
import { ownerNewOrderMail, ownerProofReceivedMail } from './owner-mails.js';
import { staffInvitationMail } from './staff-invitation-mail.js';
import { invoiceIssuedMail } from './invoice-mail.js';

const order = (over: Partial<Order> = {}): Order => ({
  _id: 'doc123',
  orderNumber: 'ORD-20261122-0007',
  items: [
    { productId: 'p1', title: 'Conjunto Jazmín', image: null, quantity: 2, price: 12500, size: 'M', color: 'Negro' },
    { productId: 'p2', title: 'Bombacha <b>tul</b>', image: null, quantity: 1, price: 4990, size: null, color: null },
  ],
  shippingInfo: {
    fullName: 'Ana <script>alert(1)</script> Pérez',
    email: 'ana@example.com',
    phone: '2995551234',
    address: 'Av. Argentina 123 & "Belgrano"',
    city: 'Neuquén',
    postalCode: '8300',
    notes: null,
  },
  paymentMethod: 'transfer',
  deliveryType: 'delivery',
  zone: null,
  meetingPoint: null,
  status: 'pending_transfer_proof',
  subtotal: 29990,
  shippingCost: 2500,
  cashFee: 0,
  total: 1032490,
  notes: null,
  adminNotes: null,
  transferProofUrl: null,
  paidAt: null,
  reservedUntil: '2026-11-24T18:00:00.000Z',
  createdAt: '2026-11-22T18:00:00.000Z',
  updatedAt: '2026-11-22T18:00:00.000Z',
  ...over,
});

const ctx: ShopperMailContext = {
  shop: { brand: 'Jazmín Lencería', contactLines: ['299 555-0000'] },
  bank: {
    bankName: 'Banco Patagonia',
    accountHolder: 'Jazmín SRL',
    cbu: '0340000000000000000001',
    alias: 'JAZMIN.LENCERIA',
    accountType: '',
    accountNumber: '',
    instructions: 'Enviá el comprobante',
  },
  meetingPoint: { title: 'Local', address: 'Alcorta 50', schedule: 'Lun a Vie 10 a 18', notes: '' },
  trackingUrl: 'https://tienda.example/track-order?n=ORD-20261122-0007',
};

describe('escapeHtml and safeHref', () => {
  it('writes markup characters as entities', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('keeps only http(s) links', () => {
    expect(safeHref('javascript:alert(1)')).toBe('#');
    expect(safeHref('https://a.example/?a=1&b=2')).toBe('https://a.example/?a=1&amp;b=2');
  });
});

describe('order received (shopper)', () => {
  const mail = orderReceivedMail(order(), ctx);

  it('names the order, its items with size and colour, and es-AR totals in both parts', () => {
    expect(mail.subject).toBe('Recibimos tu pedido ORD-20261122-0007 · Jazmín Lencería');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ORD-20261122-0007');
      expect(part).toContain('2 × Conjunto Jazmín (talle M, color Negro)');
      expect(part).toContain('$25.000');
      expect(part).toContain('$1.032.490');
      expect(part).toContain('0340000000000000000001');
      expect(part).toContain('JAZMIN.LENCERIA');
    }
    expect(mail.text).toContain('Seguir mi pedido: https://tienda.example/track-order?n=ORD-20261122-0007');
    expect(mail.text).toContain('Av. Argentina 123 & "Belgrano", Neuquén, CP 8300');
  });

  it('lists the discounts between the subtotal and the shipping, a coupon with its code', () => {
    const discounted = orderReceivedMail(
      order({
        discounts: [
          { kind: 'promotion', code: 'p1', label: '3x2 en bombachas', amount: 4990 },
          { kind: 'coupon', code: 'ENVIO', label: 'Envío gratis', amount: 2500 },
        ],
        discountTotal: 7490,
      }),
      ctx,
    );
    for (const part of [discounted.text, discounted.html]) {
      expect(part).toContain('3x2 en bombachas');
      expect(part).toContain('−$4.990');
      expect(part).toContain('Envío gratis (cupón ENVIO)');
    }
    expect(discounted.text.indexOf('3x2 en bombachas')).toBeGreaterThan(discounted.text.indexOf('Subtotal'));
  });

  it('says until when the products are held', () => {
    expect(mail.text).toMatch(/Reservamos tus productos hasta el martes 24 de noviembre, 15:00/);
  });

  it('escapes what the shopper typed in the HTML part, never in the text part', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>tul</b>');
    expect(mail.html).toContain('Bombacha &lt;b&gt;tul&lt;/b&gt;');
    expect(mail.html).toContain('Av. Argentina 123 &amp; &quot;Belgrano&quot;');
    expect(mail.text).toContain('Bombacha <b>tul</b>');
  });

  it('shows the meeting point for a pickup, and no bank details once the proof came with the order', () => {
    const pickup = orderReceivedMail(order({ deliveryType: 'pickup', status: 'pending_transfer_confirmation' }), ctx);
    expect(pickup.text).toContain('RETIRO EN PUNTO DE ENCUENTRO');
    expect(pickup.text).toContain('Alcorta 50');
    expect(pickup.text).not.toContain('CBU');
    expect(pickup.text).not.toContain('Envío:');
  });

  it("names the delivery zone, and the pickup place chosen with the order (not the shop's current one)", () => {
    const delivery = orderReceivedMail(order({ zone: { id: 'plottier', name: 'Plottier', cost: 4500 } }), ctx);
    expect(delivery.text).toContain('Zona: Plottier');
    const chosen = { id: 'shopping', title: 'Shopping Alto Comahue', address: 'Antártida Argentina 1111', schedule: 'Sábados' };
    const pickup = orderReceivedMail(order({ deliveryType: 'pickup', meetingPoint: chosen }), ctx);
    expect(pickup.text).toContain('Shopping Alto Comahue');
    expect(pickup.text).toContain('Antártida Argentina 1111');
    expect(pickup.text).not.toContain('Alcorta 50');
    const owner = ownerNewOrderMail(order({ deliveryType: 'pickup', meetingPoint: chosen }), {
      shop: ctx.shop,
      orderUrl: 'https://x.test/admin/orders/1',
    });
    expect(owner.text).toContain('Shopping Alto Comahue');
  });
});

describe('national shipping (deliveryType carrier)', () => {
  const national = {
    carrier: 'andreani' as const,
    service: 'Estándar',
    serviceCode: 'estandar-sucursal',
    type: 'branch' as const,
    price: 7300,
    days: { min: 3, max: 6 },
    branch: { id: 'CBA-01', name: 'Córdoba Centro', address: 'Av. Colón 500, Córdoba', hours: 'Lun a Vie 09:00 a 18:00' },
    address: { street: 'Bv. San Juan', number: '450', locality: 'Córdoba', province: 'AR-X' as const, postalCode: '5000' },
  };

  it('tells the shopper the carrier, service, days and the branch to pick up at, and the shipping cost', () => {
    const mail = orderReceivedMail(order({ deliveryType: 'carrier', shippingCost: 7300, nationalShipping: national }), ctx);
    for (const part of [mail.text, mail.html]) {
      expect(part).toMatch(/envío a todo el país/i);
      expect(part).toContain('Andreani Estándar, a sucursal: 3 a 6 días hábiles');
      expect(part).toContain('Córdoba Centro');
      expect(part).toContain('$7.300');
    }
  });

  it('a door delivery shows the address with the province; the owner reads the choice too', () => {
    const door = { ...national, type: 'door' as const, branch: null };
    const mail = orderReceivedMail(order({ deliveryType: 'carrier', nationalShipping: door }), ctx);
    expect(mail.text).toContain('Bv. San Juan 450, Córdoba, Córdoba, CP 5000');
    const owner = ownerNewOrderMail(order({ deliveryType: 'carrier', nationalShipping: door }), {
      shop: ctx.shop,
      orderUrl: 'https://a.example/o',
    });
    expect(owner.text).toContain('Andreani Estándar, a domicilio: 3 a 6 días hábiles · Córdoba (CP 5000)');
  });
});

describe('status changes (shopper)', () => {
  it('gives the reason of a cancellation and of a rejected proof (escaped in HTML)', () => {
    const cancelled = orderStatusMail(order({ status: 'cancelled' }), 'order_cancelled', 'Sin stock <del>', ctx);
    expect(cancelled.subject).toBe('Tu pedido fue cancelado · Pedido ORD-20261122-0007');
    expect(cancelled.text).toContain('Motivo: Sin stock <del>');
    expect(cancelled.html).toContain('Motivo: Sin stock &lt;del&gt;');
    const rejected = orderStatusMail(order(), 'proof_rejected', 'El monto no coincide', ctx);
    expect(rejected.text).toContain('Motivo: El monto no coincide');
    expect(rejected.text).toContain('CBU: 0340000000000000000001');
  });

  it('has no reason line without a reason', () => {
    const paid = orderStatusMail(order({ status: 'paid' }), 'order_paid', null, ctx);
    expect(paid.subject).toBe('Recibimos tu pago · Pedido ORD-20261122-0007');
    expect(paid.text).not.toContain('Motivo');
  });
});

describe('owner notices', () => {
  const owner = { shop: ctx.shop, orderUrl: 'https://tienda.example/admin/orders/doc123' };
  it('new order: total, customer and a link to the back office', () => {
    const mail = ownerNewOrderMail(order(), owner);
    expect(mail.subject).toBe('Nuevo pedido ORD-20261122-0007 · $1.032.490');
    expect(mail.html).toContain('href="https://tienda.example/admin/orders/doc123"');
    expect(mail.html).toContain('Ana &lt;script&gt;');
    expect(mail.text).toContain('E-mail: ana@example.com');
  });
  it('proof received', () => {
    const mail = ownerProofReceivedMail(order({ status: 'pending_transfer_confirmation' }), owner);
    expect(mail.subject).toBe('Comprobante para verificar · Pedido ORD-20261122-0007');
    expect(mail.text).toContain('Verificá que se acreditaron $1.032.490');
  });
});

describe('renderMail', () => {
  it('builds a text part from the same blocks', () => {
    const mail = renderMail({ shop: ctx.shop, subject: 'S', greeting: 'Hola', intro: ['a'], blocks: [{ title: 'T', rows: [['x', 'y']] }] });
    expect(mail.text).toBe('Hola\n\na\n\nT\nx: y\n\n--\nJazmín Lencería\n299 555-0000');
  });
});

describe('staff invitation', () => {
  const mail = staffInvitationMail({
    shop: ctx.shop,
    name: 'Lucía <b>',
    roleLabel: 'Ventas',
    acceptUrl: 'https://tienda.test/admin/invitation#7.abc',
    validHours: 72,
  });

  it('carries the one-time link and its validity, never a password', () => {
    expect(mail.subject).toContain(ctx.shop.brand);
    expect(mail.text).toContain('https://tienda.test/admin/invitation#7.abc');
    expect(mail.html).toContain('href="https://tienda.test/admin/invitation#7.abc"');
    expect(mail.text).toContain('72 horas');
    expect(mail.text).toContain('Ventas');
    expect(mail.text).not.toMatch(/contraseña temporal/i);
    expect(mail.html).not.toMatch(/contraseña temporal/i);
  });

  it('escapes the name in the HTML part', () => {
    expect(mail.html).toContain('Lucía &lt;b&gt;');
    expect(mail.html).not.toContain('Lucía <b>');
  });
});

describe('fulfilment mails', () => {
  it('ready for pickup names the meeting point chosen with its address and schedule', () => {
    const mail = orderFulfillmentMail(
      order({
        deliveryType: 'pickup',
        status: 'paid',
        meetingPoint: { id: 'centro', title: 'Punto Centro', address: 'Av. Olascoaga 410', schedule: 'Lun a Sáb 10 a 13' },
      }),
      'ready_for_pickup',
      ctx,
    );
    expect(mail.subject).toBe('Tu pedido está listo para retirar · Pedido ORD-20261122-0007');
    expect(mail.text).toContain('Av. Olascoaga 410');
    expect(mail.text).toContain('Lun a Sáb 10 a 13');
    expect(mail.html).not.toContain('<script>');
  });

  it('shipped and delivered, the latter with the cash collected on hand-over', () => {
    expect(orderFulfillmentMail(order({ status: 'paid' }), 'shipped', ctx).subject).toMatch(/^Tu pedido está en camino/);
    const delivered = orderFulfillmentMail(order({ paymentMethod: 'cash', status: 'paid' }), 'delivered', ctx, 15000);
    expect(delivered.subject).toMatch(/^Entregamos tu pedido/);
    expect(delivered.text).toContain('Registramos tu pago en efectivo de $15.000.');
    expect(orderFulfillmentMail(order({ status: 'paid' }), 'delivered', ctx).text).not.toContain('efectivo de');
  });

  it('shipped by a carrier: the carrier, the tracking number and its link, and no meeting point', () => {
    const shipment = {
      carrierName: 'Andreani',
      trackingNumber: '360000100000123',
      trackingUrl: 'https://www.andreani.com/#!/informacionEnvio/360000100000123',
      events: [
        { at: '2026-11-24T14:05:00Z', description: 'En camino a la sucursal de destino' },
        { at: '2026-11-23T18:30:00Z', description: 'Ingresado en Andreani (Neuquén)' },
      ],
    };
    const mail = orderFulfillmentMail(order({ status: 'paid', deliveryType: 'carrier' }), 'shipped', ctx, null, shipment);
    expect(mail.text).toContain('Tu pedido ya está en manos de Andreani.');
    expect(mail.text).toContain('360000100000123');
    expect(mail.text).toContain(`Seguilo en Andreani: ${shipment.trackingUrl}`);
    expect(mail.html).toContain(`<a href="${shipment.trackingUrl}"`);
    // The carrier's steps, newest first, at the shop's time (UTC-3).
    expect(mail.text).toContain('24/11/2026 11:05: En camino a la sucursal de destino');
    expect(mail.text.indexOf('En camino')).toBeLessThan(mail.text.indexOf('Ingresado'));
    expect(mail.html).toContain('360000100000123');
    expect(mail.text).toContain('Te lo enviamos por correo a la dirección que nos diste.');
    expect(mail.text).not.toContain('punto de encuentro');
  });
});

describe('the invoice e-mail', () => {
  it('names the voucher, its number, total and CAE, escaping what the shopper typed', () => {
    const mail = invoiceIssuedMail({
      shop: { brand: 'Jazmín Lencería', contactLines: [] },
      firstName: '<b>Ana</b>',
      orderNumber: 'JL-20261122-0007',
      voucherName: 'Factura C',
      numberText: '00003-00000012',
      total: 24200,
      cae: '71234567890123',
      trackingUrl: 'https://tienda.example/track-order?n=JL-20261122-0007',
    });
    expect(mail.subject).toBe('Tu Factura C del pedido JL-20261122-0007');
    for (const part of ['00003-00000012', '$24.200', '71234567890123', 'adjunta en PDF']) expect(mail.text).toContain(part);
    expect(mail.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ana</b>');
  });
});
