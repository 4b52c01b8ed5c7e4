import { describe, expect, it } from 'vitest';
import { normalizeArgentinePhone } from './phone';

describe('normalizeArgentinePhone', () => {
  it.each([
    // Neuquén (299, three-digit area code, seven-digit number)
    ['299 15-555-1234', '5492995551234'],
    ['+54 9 299 555-1234', '5492995551234'],
    ['0299 15 555 1234', '5492995551234'],
    ['(0299) 155551234', '5492995551234'],
    ['2995551234', '5492995551234'],
    ['299.555.1234', '5492995551234'],
    ['(299) 15 555-1234', '5492995551234'],
    ['5492995551234', '5492995551234'],
    ['+5492995551234', '5492995551234'],
    ['0054 9 299 555 1234', '5492995551234'],
    ['+54 299 555 1234', '5492995551234'],
    ['+54 299 15 555 1234', '5492995551234'],
    ['+54 9 0299 555 1234', '5492995551234'],
    ['  299 15 555 1234  ', '5492995551234'],
    // Buenos Aires (11, two-digit area code, eight-digit number)
    ['11 15 2345-6789', '5491123456789'],
    ['011 15 2345 6789', '5491123456789'],
    ['(011) 2345-6789', '5491123456789'],
    ['+54 9 11 2345-6789', '5491123456789'],
    ['1123456789', '5491123456789'],
    ['11.15.2345.6789', '5491123456789'],
    // A 15 inside the number is not taken as the mobile prefix
    ['11 4515 1515', '5491145151515'],
    ['11 15 4515 1515', '5491145151515'],
    // Other three-digit codes: Córdoba 351, Rosario 341, Mendoza 261
    ['0351 15 412-3456', '5493514123456'],
    ['341 4567890', '5493414567890'],
    ['(261) 15-456-7890', '5492614567890'],
    // Four-digit codes: Zapala 2942, Bariloche 2944, San Martín de los Andes 2972
    ['2942 15 423456', '5492942423456'],
    ['(02942) 15-42-3456', '5492942423456'],
    ['2944 456789', '5492944456789'],
    ['+54 9 2972 45-6789', '5492972456789'],
    ['02972-15-456789', '5492972456789'],
    // Comodoro Rivadavia 297 beside San Martín de los Andes 2972
    ['0297 15 446-1234', '5492974461234'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeArgentinePhone(raw)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['abc', 'no digits'],
    ['555-1234', 'no area code'],
    ['15 555 1234', 'mobile prefix without an area code'],
    ['299 555 123', 'one digit short'],
    ['299 15 555 12345', 'one digit too many'],
    ['29955512345', 'eleven digits without 15'],
    ['+1 415 555 0100', 'another country'],
    ['+34 612 345 678', 'Spain'],
    ['4995551234', 'area codes never start with 4'],
    ['1999999999', 'only 11 starts with 1'],
    ['299 055 1234', 'a number starting with 0'],
    ['299 155 1234', 'a seven-digit 15 prefix leaves six digits'],
    ['11 1515 1515', 'a Buenos Aires number starting with 15'],
    ['2942 15 123456', 'a number starting with 1 after the 15'],
    ['1'.repeat(60), 'absurdly long'],
  ])('%s is not an Argentine mobile (%s)', (raw) => {
    expect(normalizeArgentinePhone(raw)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(normalizeArgentinePhone(null)).toBeNull();
    expect(normalizeArgentinePhone(undefined)).toBeNull();
  });
});
