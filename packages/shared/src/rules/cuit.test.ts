import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, formatCuit, isValidCuit, normalizeCuit } from './cuit';

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
