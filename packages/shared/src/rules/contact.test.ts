import { describe, expect, it } from 'vitest';
import { contactMatches, phoneForms, samePhone, trackingContactProblem } from './contact.js';

const order = { email: 'Lucia.Perez@Example.com', phone: '+54 9 299 412-3456' };

describe('contactMatches', () => {
  it('matches the e-mail whatever its case and surrounding spaces', () => {
    expect(contactMatches('  lucia.perez@example.COM ', order)).toBe(true);
    expect(contactMatches('lucia.perez@example.org', order)).toBe(false);
  });

  it.each([
    '+54 9 299 412-3456',
    '5492994123456',
    '0299 15 412-3456',
    '(0299) 4123456',
    '299 15 4123456',
    '2994123456',
    '+54 299 15 4123456',
    '0054 9 299 4123456',
  ])('matches the phone written as %s', (typed) => {
    expect(contactMatches(typed, order)).toBe(true);
  });

  it.each(['2994123457', '4123456', '15 412 3456', '+54 9 11 4123 4567', '', '   '])('does not match %j', (typed) => {
    expect(contactMatches(typed, order)).toBe(false);
  });

  it('never matches an order without a phone or e-mail', () => {
    expect(contactMatches('2994123456', { email: '', phone: '' })).toBe(false);
    expect(contactMatches('@', { email: '', phone: '' })).toBe(false);
  });

  it('works for Buenos Aires numbers (area code 11) with the 15', () => {
    expect(samePhone('011 15 4123-4567', '+54 9 11 4123-4567')).toBe(true);
    expect(samePhone('11 4123 4567', '+5491141234567')).toBe(true);
  });

  it('ignores phones too short to be a real number', () => {
    expect(phoneForms('1234').size).toBe(0);
  });
});

describe('trackingContactProblem', () => {
  it('refuses control characters and very long values', () => {
    expect(trackingContactProblem('a\u0000b')).toMatch(/no es válido/);
    expect(trackingContactProblem('x'.repeat(10_000))).toMatch(/no es válido/);
    expect(trackingContactProblem('lucia@example.com')).toBeNull();
  });
});
