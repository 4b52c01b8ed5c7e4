import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { customerExportCells, customerIdOf, customerKeyOfId, customerPhoneOf, orderCustomerKey } from './customers.js';
import { customerListQuerySchema } from '../contract/customers.js';

describe('orderCustomerKey', () => {
  it('joins Gmail dot and +tag variants and letter case, as coupons do', () => {
    const keys = ['ana.perez@gmail.com', 'AnaPerez+promo@gmail.com', ' ana.p.e.r.e.z@GoogleMail.com '].map((email) =>
      orderCustomerKey({ email, phone: '299 555 1234' }),
    );
    expect(new Set(keys)).toEqual(new Set(['e:anaperez@gmail.com']));
  });

  it('keeps dots and tags of other providers', () => {
    expect(orderCustomerKey({ email: 'Ana.Perez+x@Hotmail.com' })).toBe('e:ana.perez+x@hotmail.com');
  });

  it('without an e-mail, joins +54 9 299…, 0299 15… and 299… as one phone', () => {
    const variants = ['+54 9 299 555-1234', '0299 15 555-1234', '299 555 1234', '(0299) 155551234', '5492995551234'];
    const keys = variants.map((phone) => orderCustomerKey({ email: '', phone }));
    expect(new Set(keys)).toEqual(new Set(['p:5492995551234']));
  });

  it('keeps a number from abroad by its digits, and has no key without a contact', () => {
    expect(customerPhoneOf('+1 (415) 555-0100')).toBe('14155550100');
    expect(orderCustomerKey({ email: null, phone: '12' })).toBeNull();
    expect(orderCustomerKey({ email: 'sin-arroba', phone: null })).toBeNull();
  });
});

describe('customer ids', () => {
  it('round-trip any key and are url-safe', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 150 }), fc.constantFrom('e:', 'p:'), (rest, prefix) => {
        const key = prefix + rest;
        const id = customerIdOf(key);
        expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(customerKeyOfId(id)).toBe(key);
      }),
    );
  });

  it('refuse what this shop did not make', () => {
    for (const junk of ['', '%%%', 'a', customerIdOf('x:otra'), 'A'.repeat(500), 123, null, '__proto__']) {
      expect(customerKeyOfId(junk)).toBeNull();
    }
  });
});

describe('customers query and export', () => {
  it('refuses junk in Spanish and accepts the documented values', () => {
    expect(customerListQuerySchema.safeParse({ sort: 'totalSpent', direction: 'asc', page: '2', pageSize: '50' }).success).toBe(true);
    for (const bad of [
      { sort: 'drop table' },
      { page: '0' },
      { pageSize: '1000' },
      { page: '1e3' },
      { direction: 'up' },
      { search: ['a'] },
    ]) {
      const parsed = customerListQuerySchema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/[a-záéíóú]/);
    }
  });

  it('neutralises formula cells', () => {
    const cells = customerExportCells({
      name: '=HYPERLINK("x")',
      email: '+1@x.com',
      phone: null,
      orders: 2,
      totalSpent: 1500,
      firstOrderAt: '2026-11-01T15:00:00.000Z',
      lastOrderAt: null,
      channels: ['web', 'whatsapp'],
    });
    expect(cells).toEqual(['=HYPERLINK("x")', '+1@x.com', null, 2, 1500, '01/11/2026 12:00', '', 'Web, WhatsApp']);
  });
});
