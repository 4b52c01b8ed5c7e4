import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/test/fixtures';
import { deliveryDescription, INVOICE_STYLESHEET, invoiceHtml, paymentDescription } from './invoice';

const shop = { brandName: 'Jazmín Lencería', address: 'Av. Argentina 245', taxId: 'CUIT 27-1', phone: '+54 299', email: 'hola@x.com' };

describe('printable invoice', () => {
  it('says PAGADO only for paid orders', () => {
    expect(invoiceHtml(makeOrder({ status: 'paid' }), shop)).toContain('PAGADO');
    const pending = invoiceHtml(makeOrder({ status: 'pending_manual' }), shop);
    expect(pending).toContain('PENDIENTE');
    expect(pending).not.toContain('PAGADO');
  });

  it("carries the shop's details, the items and the totals, escaping customer text", () => {
    const html = invoiceHtml(
      makeOrder({
        shippingInfo: {
          fullName: '<script>x</script>',
          email: 'a@b.com',
          phone: '1',
          address: null,
          city: 'Neuquén',
          postalCode: null,
          notes: null,
        },
      }),
      shop,
    );
    expect(html).toContain('CUIT 27-1');
    expect(html).toContain('Av. Argentina 245');
    expect(html).toContain('Conjunto Encaje Rosa');
    expect(html).toContain('$36.000');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>x</script>');
  });

  it('states the total without national taxes (Ley 27.743) when the order kept it, in smaller type', () => {
    const html = invoiceHtml(makeOrder({ total: 36000, netTotal: 29752 }), shop);
    expect(html).toContain('<div class="net"><span>Precio sin impuestos nacionales</span><span>$29.752</span></div>');
    // An order placed before the net was kept (or through Mercado Libre) shows no made-up figure.
    expect(invoiceHtml(makeOrder({ netTotal: null }), shop)).not.toContain('Precio sin impuestos nacionales');
  });

  it('has no inline style (the CSP refuses them in the pop-up): its classes live in public/invoice.css', () => {
    const html = invoiceHtml(makeOrder({ status: 'paid', netTotal: 29752 }), shop, 'https://tienda.example/invoice.css');
    expect(html).not.toMatch(/<style|\sstyle=/i);
    expect(html).toContain('<link rel="stylesheet" href="https://tienda.example/invoice.css">');
    const css = readFileSync(path.join(__dirname, '..', '..', '..', 'public', INVOICE_STYLESHEET), 'utf8');
    const classes = new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap(([, names = '']) => names.split(/\s+/)));
    for (const name of classes) expect(css, name).toContain(`.${name}`);
    expect(classes).toContain('stamp--paid');
    expect(invoiceHtml(makeOrder({ status: 'pending_manual' }), shop)).not.toContain('stamp--paid');
  });

  it('names the zone of a home delivery and the meeting point of a pickup, escaped', () => {
    const zoned = makeOrder({ deliveryType: 'delivery', zone: { id: 'oeste', name: 'Neuquén <Oeste>', cost: 3500 } });
    expect(invoiceHtml(zoned, shop)).toContain('<strong>Entrega:</strong> Envío a domicilio (zona Neuquén &lt;Oeste&gt;)');
    const pickup = makeOrder({
      meetingPoint: { id: 'plaza', title: 'Plaza Central', address: 'Av. Argentina y Roca', schedule: 'Lunes a viernes de 10 a 18' },
    });
    expect(invoiceHtml(pickup, shop)).toContain(
      'Retiro en punto de encuentro: Plaza Central, Av. Argentina y Roca (Lunes a viernes de 10 a 18)',
    );
    // Orders placed before zones and meeting points read as they always did.
    expect(deliveryDescription(makeOrder())).toBe('Retiro en punto de encuentro');
    expect(deliveryDescription(makeOrder({ deliveryType: 'delivery' }))).toBe('Envío a domicilio');
  });

  it('names the payment method, with the installments of a Mercado Pago payment', () => {
    const payment = { provider: 'mercadopago' as const, checkoutUrl: null, paymentId: '123', paymentStatus: 'approved', installments: 3 };
    const paid = makeOrder({ paymentMethod: 'mercadopago', status: 'paid', payment });
    expect(invoiceHtml(paid, shop)).toContain('<strong>Pago:</strong> Mercado Pago (3 cuotas)');
    expect(paymentDescription({ paymentMethod: 'mercadopago', payment: { ...payment, installments: 1 } })).toBe('Mercado Pago');
    expect(paymentDescription({ paymentMethod: 'mercadopago', payment: null })).toBe('Mercado Pago');
    expect(paymentDescription({ paymentMethod: 'transfer', payment: null })).toBe('Transferencia Bancaria');
  });
});
