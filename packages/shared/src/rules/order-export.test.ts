import { describe, expect, it } from 'vitest';
import {
  ORDER_EXPORT_HEADER,
  exportTimeRange,
  orderExportCells,
  orderExportFiltersSchema,
  productExportRows,
  repeatedFilter,
  type ExportedOrder,
} from './order-export.js';

type OrderFields = Omit<ExportedOrder, 'orderNumber' | 'createdAt' | 'status' | 'paymentMethod' | 'cashFee' | 'paidAt'>;

/** Order `orderNumber`, placed at `createdAt` and paid by transfer, without cash fee nor payment date; `fields` give the rest. */
const paidByTransfer = (orderNumber: string, createdAt: string, fields: OrderFields): ExportedOrder => ({
  orderNumber,
  createdAt,
  status: 'paid',
  paymentMethod: 'transfer',
  cashFee: 0,
  paidAt: null,
  ...fields,
});

describe('orderExportFiltersSchema', () => {
  it('accepts the list filters plus a date range, blank values as absent', () => {
    const parsed = orderExportFiltersSchema.parse({
      status: 'paid',
      paymentMethod: 'cash',
      search: ' Ana ',
      from: '2026-11-01',
      to: '2026-11-30',
      date: '',
    });
    expect(parsed).toEqual({ status: 'paid', paymentMethod: 'cash', search: 'Ana', from: '2026-11-01', to: '2026-11-30' });
  });

  it('refuses bad values with Spanish messages', () => {
    const message = (q: Record<string, unknown>) => orderExportFiltersSchema.safeParse(q).error?.issues[0]?.message;
    expect(message({ status: 'nope' })).toBe('Estado de orden inválido');
    expect(message({ paymentMethod: 'card' })).toMatch(/medio de pago/);
    expect(message({ from: '2026-02-30' })).toMatch(/Fecha inválida/);
    expect(message({ to: '22/11/2026' })).toMatch(/Fecha inválida/);
    expect(message({ from: '2026-11-30', to: '2026-11-01' })).toMatch(/posterior/);
    expect(message({ search: 'x'.repeat(101) })).toMatch(/búsqueda/);
    expect(message({ search: 'a\u0000b' })).toMatch(/búsqueda/);
    expect(repeatedFilter({ status: ['paid', 'cancelled'] })).toMatch(/una sola vez/);
    expect(repeatedFilter({ status: 'paid' })).toBeNull();
  });

  it('turns the day range into Argentine instants (UTC-3), both days included', () => {
    const range = exportTimeRange({ from: '2026-11-01', to: '2026-11-02' });
    expect(range.start?.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(range.end?.toISOString()).toBe('2026-11-03T03:00:00.000Z');
    expect(exportTimeRange({ date: '2026-11-05' }).end?.toISOString()).toBe('2026-11-06T03:00:00.000Z');
    expect(exportTimeRange({})).toEqual({ start: undefined, end: undefined });
  });
});

describe('export rows', () => {
  it('writes an order with labels, Argentine dates and its items', () => {
    const cells = orderExportCells(
      paidByTransfer('JL-20261122-0001', '2026-11-22T02:10:00Z', {
        deliveryType: 'delivery',
        shippingInfo: { fullName: 'Ana', email: 'ana@example.com', phone: '299', address: 'Calle 1', city: 'Neuquén' },
        items: [
          { title: 'Conjunto', quantity: 2, size: 'M', color: 'Negro' },
          { title: 'Bombacha', quantity: 1, size: null, color: null },
        ],
        subtotal: 30000,
        shippingCost: 2000,
        total: 32000,
      }),
    );
    expect(cells).toHaveLength(ORDER_EXPORT_HEADER.length);
    expect(cells.slice(0, 5)).toEqual(['JL-20261122-0001', '21/11/2026 23:10', 'Pagado', 'Transferencia Bancaria', 'Envío a domicilio']);
    expect(cells[10]).toBe('2 x Conjunto (talle M, Negro) | 1 x Bombacha');
    expect(cells[11]).toBe(3);
    expect(cells[15]).toBe(32000);
    expect(cells[16]).toBe('');
    // An order older than promotions: no discount.
    expect(cells.slice(-9, -6)).toEqual([0, '', '']);
    // An order not yet migrated (no step stored) is unfulfilled, never delivered.
    expect(cells.slice(-6, -4)).toEqual(['Sin preparar', '']);
    // An order without a channel (older than channels) is a web sale, taken by nobody.
    expect(cells.slice(-4, -2)).toEqual(['Web', '']);
    // Nothing given back by returns: the net sale is the total.
    expect(cells.slice(-2)).toEqual([0, 32000]);
  });

  it('writes what returns gave back and the net sale last', () => {
    const cells = orderExportCells(
      paidByTransfer('JL-20261122-0003', '2026-11-22T12:00:00Z', {
        deliveryType: 'pickup',
        shippingInfo: null,
        items: [{ title: 'Corpiño', quantity: 2 }],
        subtotal: 20000,
        shippingCost: 0,
        total: 20000,
        returned: 10000,
      }),
    );
    expect(ORDER_EXPORT_HEADER.slice(-2)).toEqual(['Devuelto por cambios y devoluciones', 'Venta neta']);
    expect(cells.slice(-2)).toEqual([10000, 10000]);
  });

  it('writes the discounts as applied and the coupon', () => {
    const cells = orderExportCells(
      paidByTransfer('JL-20261124-0002', '2026-11-24T12:00:00Z', {
        deliveryType: 'pickup',
        shippingInfo: null,
        items: [{ title: 'Bombacha', quantity: 3 }],
        subtotal: 15000,
        shippingCost: 0,
        discountTotal: 6000,
        discounts: [
          { kind: 'promotion', label: '3x2 en bombachas', amount: 5000 },
          { kind: 'coupon', code: 'INSTA10', label: 'Cupón INSTA10', amount: 1000 },
        ],
        couponCode: 'INSTA10',
        total: 9000,
      }),
    );
    expect(cells).toHaveLength(ORDER_EXPORT_HEADER.length);
    expect(cells.slice(-9, -6)).toEqual([6000, '3x2 en bombachas: -5000 | Cupón INSTA10: -1000', 'INSTA10']);
  });

  it('writes one row per size, or one row for a product without sizes', () => {
    const product = {
      documentId: 'p1',
      title: 'Body',
      category: 'bodys',
      price: 10000,
      discount: 10,
      finalPrice: 9000,
      active: true,
      stock: 5,
    };
    expect(productExportRows({ ...product, stockBySize: { S: 1, M: 4 } }).map((r) => [r[3], r[4]])).toEqual([
      ['S', 1],
      ['M', 4],
    ]);
    expect(productExportRows({ ...product, stockBySize: {} })).toEqual([
      ['p1', 'Body', 'bodys', '', 5, 10000, 10, 9000, 'Sí', '', '', '', ''],
    ]);
    const parcel = { weight: 180, length: 22, width: null, height: 3 };
    expect(productExportRows({ ...product, stockBySize: {}, parcel })[0]!.slice(9)).toEqual([180, 22, '', 3]);
  });
});
