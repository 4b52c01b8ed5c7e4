import { describe, expect, it } from 'vitest';
import { PROVINCES, parsePostalCode, postalCodeProblem, provinceByCode } from './argentina';
import { nationalAddressSchema, parcelSchema, shippingQuoteInputSchema, shippingSettingsInputSchema } from '../contract/shipping';
import { shippingPrice } from './shipping-price';

const ADDRESS = {
  street: 'Av. Colón',
  number: '1234',
  locality: 'Córdoba',
  province: 'AR-X',
  postalCode: '5000',
  phone: '351 555-1234',
};

describe('the 24 jurisdictions', () => {
  it('has every one once, its ISO code ending in its CPA letter', () => {
    expect(PROVINCES).toHaveLength(24);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(24);
    for (const p of PROVINCES) expect(p.code).toBe(`AR-${p.letter}`);
    expect(provinceByCode('AR-Q')?.name).toBe('Neuquén');
    expect(provinceByCode('AR-C')?.name).toBe('Ciudad Autónoma de Buenos Aires');
    expect(provinceByCode('AR-I')).toBeUndefined();
  });
});

describe('postal codes', () => {
  it('reads a 4-digit code and a CPA, spaces and case tolerated', () => {
    expect(parsePostalCode('5000')).toEqual({ ok: true, value: { digits: '5000', cpa: null, province: null } });
    const cpa = parsePostalCode(' x5000 abc ');
    expect(cpa.ok && cpa.value.cpa).toBe('X5000ABC');
    expect(cpa.ok && cpa.value.digits).toBe('5000');
    expect(cpa.ok && cpa.value.province?.code).toBe('AR-X');
  });
  it('refuses other shapes in Spanish', () => {
    for (const bad of ['500', '50000', '0500', 'X500ABC', 'X5000AB', '5000ABC', 'X5000A1C', '']) {
      const parsed = parsePostalCode(bad);
      expect(parsed.ok, bad).toBe(false);
      expect(!parsed.ok && parsed.message, bad).toMatch(/código postal|CPA/);
    }
    expect(parsePostalCode(5000).ok).toBe(false);
  });
  it('refuses a CPA whose letter is no jurisdiction (I, O)', () => {
    const parsed = parsePostalCode('I5000ABC');
    expect(!parsed.ok && parsed.message).toBe('La letra del CPA no es una provincia argentina');
  });
  it('checks the CPA letter against the chosen province; a 4-digit code fits any', () => {
    expect(postalCodeProblem('X5000ABC', 'AR-X')).toBeNull();
    expect(postalCodeProblem('8300', 'AR-Q')).toBeNull();
    expect(postalCodeProblem('X5000ABC', 'AR-Q')).toBe(
      'El CPA X5000ABC es de Córdoba, no de Neuquén: revisá la provincia o el código postal',
    );
    expect(postalCodeProblem('5000', 'AR-ZZ')).toBe('Elegí la provincia de la lista');
  });
});

describe('the national address', () => {
  it('accepts a full address and normalises the CPA', () => {
    const parsed = nationalAddressSchema.parse({ ...ADDRESS, postalCode: 'x5000abc', floor: '3', apartment: 'B' });
    expect(parsed.postalCode).toBe('X5000ABC');
  });
  it('refuses a CPA of another province on the postal code, in Spanish', () => {
    const result = nationalAddressSchema.safeParse({ ...ADDRESS, postalCode: 'Q8300ABC' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['postalCode']);
    expect(result.error?.issues[0]?.message).toMatch(/es de Neuquén, no de Córdoba/);
  });
  it('refuses a missing street, an unknown province and a short phone', () => {
    expect(nationalAddressSchema.safeParse({ ...ADDRESS, street: ' ' }).error?.issues[0]?.message).toBe('Ingresá la calle');
    expect(nationalAddressSchema.safeParse({ ...ADDRESS, province: 'Córdoba' }).error?.issues[0]?.message).toBe(
      'Elegí la provincia de la lista',
    );
    expect(nationalAddressSchema.safeParse({ ...ADDRESS, phone: '123' }).error?.issues[0]?.message).toMatch(/teléfono/);
  });
});

describe('parcels and quotes', () => {
  it('takes whole grams and centimetres within limits', () => {
    expect(parcelSchema.safeParse({ weight: 400, length: 30, width: 20, height: 5 }).success).toBe(true);
    expect(parcelSchema.safeParse({ weight: 0, length: 30, width: 20, height: 5 }).success).toBe(false);
    expect(parcelSchema.safeParse({ weight: 400.5, length: 30, width: 20, height: 5 }).success).toBe(false);
    expect(parcelSchema.safeParse({ weight: 400, length: 151, width: 20, height: 5 }).error?.issues[0]?.message).toMatch(/centímetros/);
  });
  it('needs parcels or items', () => {
    const address = { postalCode: '5000', province: 'AR-X' };
    expect(shippingQuoteInputSchema.safeParse({ address }).error?.issues[0]?.message).toBe('Indicá los paquetes o los productos a enviar');
    expect(shippingQuoteInputSchema.safeParse({ address, items: [{ productId: 'abc', quantity: 2 }] }).success).toBe(true);
  });
  it('refuses unknown settings keys and junk credentials', () => {
    expect(shippingSettingsInputSchema.safeParse({ dhl: true }).success).toBe(false);
    expect(
      shippingSettingsInputSchema.safeParse({ carriers: { andreani: { credentials: { contract: '', user: 'u', password: 'p' } } } })
        .success,
    ).toBe(false);
    expect(shippingSettingsInputSchema.safeParse({ originPostalCode: '8300', flatRate: null }).success).toBe(true);
  });
});

describe('the shipping price', () => {
  it('adds the percentage and the fee, rounded to the peso', () => {
    expect(shippingPrice(4321.4, { handlingFee: 0, handlingPercent: 0 })).toBe(4321);
    expect(shippingPrice(4000, { handlingFee: 500, handlingPercent: 10 })).toBe(4900);
    expect(shippingPrice(3333, { handlingFee: 0, handlingPercent: 5 })).toBe(3500); // 3499.65
  });
  it('is free from the threshold when the subtotal is known', () => {
    const fees = { handlingFee: 500, handlingPercent: 0 };
    expect(shippingPrice(4000, fees, { subtotal: 100_000, freeShippingFrom: 100_000 })).toBe(0);
    expect(shippingPrice(4000, fees, { subtotal: 99_999, freeShippingFrom: 100_000 })).toBe(4500);
    expect(shippingPrice(4000, fees, { freeShippingFrom: 100_000 })).toBe(4500);
  });
});
