import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappMessage, whatsappTemplateKey, type WhatsappOrder } from './whatsapp';
import { DEFAULT_WHATSAPP_TEMPLATES, siteContentSchema } from '../content/site-content';

const order: WhatsappOrder = {
  orderNumber: 'ORD-20261122-0007',
  total: 1234567,
  status: 'pending_transfer_proof',
  deliveryType: 'pickup',
  shippingInfo: { fullName: '  María José Pérez ' },
};

describe('whatsappMessage', () => {
  it('fills {entrega} with the meeting point or the delivery zone of the order', () => {
    const point = { title: 'Shopping Alto Comahue', address: 'Antártida Argentina 1111' };
    expect(whatsappMessage(DEFAULT_WHATSAPP_TEMPLATES.readyForPickup, { ...order, meetingPoint: point })).toBe(
      '¡Hola María! Tu pedido #ORD-20261122-0007 está listo para retirar. Te esperamos en Shopping Alto Comahue (Antártida Argentina 1111).',
    );
    expect(whatsappMessage('{entrega}', { ...order, meetingPoint: { ...point, schedule: 'Lun a Sáb 10 a 20' } })).toBe(
      'Shopping Alto Comahue (Antártida Argentina 1111, Lun a Sáb 10 a 20)',
    );
    expect(whatsappMessage('{entrega}', order)).toBe('el punto de encuentro');
    expect(whatsappMessage('{entrega}', { ...order, deliveryType: 'delivery', zone: { name: 'Plottier' } })).toBe('envío a Plottier');
  });

  it('fills the name, order number, es-AR total and status', () => {
    expect(whatsappMessage('Hola {nombre} ({nombreCompleto}): #{pedido} {total} · {estado}', order)).toBe(
      'Hola María (María José Pérez): #ORD-20261122-0007 $1.234.567 · Pendiente (Falta Comprobante)',
    );
  });

  it('fills the tracking link and the reason, empty when not given', () => {
    const text = 'Motivo: {motivo} | {seguimiento}';
    expect(whatsappMessage(text, order, { reason: ' Monto incorrecto ', trackingUrl: 'https://x.test/t' })).toBe(
      'Motivo: Monto incorrecto | https://x.test/t',
    );
    expect(whatsappMessage(text, order)).toBe('Motivo: |');
    expect(whatsappMessage('Hola {nombre}.\n{motivo}\nGracias', order)).toBe('Hola María.\n\nGracias');
  });

  it('leaves unknown placeholders as written and repeats known ones', () => {
    expect(whatsappMessage('{hola} {pedido} {pedido} {toString} {constructor}', order)).toBe(
      '{hola} ORD-20261122-0007 ORD-20261122-0007 {toString} {constructor}',
    );
  });
});

describe('whatsappTemplateKey', () => {
  it.each([
    ['pending_manual', 'pickup', 'received'],
    ['pending_transfer_confirmation', 'delivery', 'received'],
    ['pending_transfer_proof', 'pickup', 'proofMissing'],
    ['paid', 'delivery', 'paid'],
    ['confirmado', 'pickup', 'readyForPickup'],
    ['confirmado', 'delivery', 'onTheWay'],
    ['cancelled', 'pickup', 'cancelled'],
    ['refunded', 'delivery', 'cancelled'],
    ['something-else', 'pickup', 'received'],
  ] as const)('%s with %s → %s', (status, deliveryType, key) => {
    expect(whatsappTemplateKey({ status, deliveryType })).toBe(key);
  });
});

describe('whatsappLink', () => {
  it('builds the wa.me link with the normalised number and the encoded text', () => {
    expect(whatsappLink('299 15-555-1234', 'Hola María & #1 ¿todo bien?')).toBe(
      `https://wa.me/5492995551234?text=${encodeURIComponent('Hola María & #1 ¿todo bien?')}`,
    );
    expect(whatsappLink('299 15-555-1234', 'a b&c=d')).toBe('https://wa.me/5492995551234?text=a%20b%26c%3Dd');
  });

  it('has no text parameter for an empty text and is null for a phone that cannot be normalised', () => {
    expect(whatsappLink('11 2345 6789', '')).toBe('https://wa.me/5491123456789');
    expect(whatsappLink('555-1234', 'Hola')).toBeNull();
  });
});

describe('WhatsApp templates in site content', () => {
  it('stored content without templates gets the defaults, a wrong value falls back', () => {
    const old = siteContentSchema.parse({ hero: { slogan: 'x' } });
    expect(old.whatsapp).toEqual(DEFAULT_WHATSAPP_TEMPLATES);
    const edited = siteContentSchema.parse({ whatsapp: { paid: 'Pagado {pedido}', cancelled: 42 } });
    expect(edited.whatsapp.paid).toBe('Pagado {pedido}');
    expect(edited.whatsapp.cancelled).toBe(DEFAULT_WHATSAPP_TEMPLATES.cancelled);
  });
});
