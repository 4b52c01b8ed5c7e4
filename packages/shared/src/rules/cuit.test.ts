import { describe, expect, it } from 'vitest';
import { buyerDocumentRequired, cuitCheckDigit, formatCuit, isValidCuit, normalizeCuit, parseBuyerDocument } from './cuit';

describe('CUIT check digit', () => {
  it('accepts real-shaped CUITs with or without hyphens', () => {
    expect(isValidCuit('20-12345678-6')).toBe(true);
    expect(isValidCuit('20123456786')).toBe(true);
    expect(isValidCuit('30-71234567-1')).toBe(isValidCuit('30712345671'));
    expect(isValidCuit('27-28033514-8')).toBe(true);
  });
  it('refuses a wrong check digit, wrong length or letters', () => {
    expect(isValidCuit('20-12345678-5')).toBe(false);
    expect(isValidCuit('2012345678')).toBe(false);
    expect(isValidCuit('20-1234567A-6')).toBe(false);
    expect(isValidCuit('')).toBe(false);
  });
  it('computes the digit and formats', () => {
    expect(cuitCheckDigit('2012345678')).toBe(6);
    expect(normalizeCuit('20 12345678 6')).toBe('20123456786');
    expect(formatCuit('20123456786')).toBe('20-12345678-6');
  });
});

describe("the buyer's document (DNI or CUIT)", () => {
  it('reads a DNI of 7 or 8 digits and a CUIT with its check digit, dots and hyphens tolerated', () => {
    expect(parseBuyerDocument('30.123.456')).toEqual({ kind: 'dni', number: '30123456' });
    expect(parseBuyerDocument('5123456')).toEqual({ kind: 'dni', number: '5123456' });
    expect(parseBuyerDocument('20-12345678-6')).toEqual({ kind: 'cuit', number: '20123456786' });
  });
  it('refuses other lengths, letters and a wrong check digit, in Spanish', () => {
    expect(parseBuyerDocument('20-12345678-5')).toEqual({ error: 'DNI o CUIT: el CUIT no es válido (revisá el dígito verificador)' });
    expect(parseBuyerDocument('123456')).toEqual({ error: expect.stringMatching(/^DNI o CUIT: escribí un DNI de 7 u 8/) });
    expect(parseBuyerDocument('3012345A')).toHaveProperty('error');
    expect(parseBuyerDocument('0000000')).toHaveProperty('error');
    expect(parseBuyerDocument('123456789')).toHaveProperty('error');
  });
  it('is asked above the threshold only (0 never asks)', () => {
    expect(buyerDocumentRequired(100_001, 100_000)).toBe(true);
    expect(buyerDocumentRequired(100_000, 100_000)).toBe(false);
    expect(buyerDocumentRequired(9_999_999, 0)).toBe(false);
  });
});
