import { describe, expect, it } from 'vitest';
import { couponInputSchema, customerKeyOf, promotionBadge, promotionInputSchema } from './index.js';

describe('coupon and promotion input', () => {
  it('normalises codes and refuses bad values in Spanish', () => {
    expect(couponInputSchema.parse({ code: ' insta10 ', type: 'percent', value: 10 })).toMatchObject({
      code: 'INSTA10',
      maxUses: null,
      categories: [],
    });
    const problems = (body: unknown) => {
      const r = couponInputSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(problems({ code: 'A', type: 'percent', value: 0 })).toContain('El porcentaje debe ser un número entero entre 1 y 100');
    expect(problems({ code: 'A', type: 'percent', value: 101 })).toContain('El porcentaje debe ser un número entero entre 1 y 100');
    expect(problems({ code: 'A', type: 'fixed', value: 0 })).toContain('El monto del descuento debe ser un número entero mayor que 0');
    expect(problems({ code: 'A', type: 'fixed', value: -5 }).length).toBeGreaterThan(0);
    expect(problems({ code: 'A'.repeat(10_000), type: 'percent', value: 5 })).toContain(
      'El código solo puede tener letras, números, guiones y guiones bajos (hasta 40)',
    );
    expect(problems({ code: 'A', type: 'percent', value: 5, startsAt: '2026-12-01', endsAt: '2026-11-01' })).toContain(
      'La fecha de fin debe ser posterior a la de inicio',
    );
    expect(promotionInputSchema.safeParse({ name: '3x2', type: 'buy_x_pay_y', category: 'Bombachas', buy: 2, pay: 2 }).success).toBe(false);
    expect(
      promotionInputSchema.parse({ name: '3x2', type: 'buy_x_pay_y', category: 'Bombachas', buy: 3, pay: 2, percent: 50 }),
    ).toMatchObject({
      buy: 3,
      pay: 2,
      percent: null,
    });
    expect(promotionBadge({ type: 'buy_x_pay_y', buy: 3, pay: 2, percent: null })).toBe('3x2');
  });

  it('one customer per Gmail address whatever the dots, case and +tag', () => {
    expect(customerKeyOf('Ana.Perez+promo@Gmail.com')).toBe(customerKeyOf('anaperez@gmail.com'));
    expect(customerKeyOf('ana.perez@empresa.com.ar')).not.toBe(customerKeyOf('anaperez@empresa.com.ar'));
  });
});
