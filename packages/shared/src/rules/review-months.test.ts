import { describe, expect, it } from 'vitest';
import { lastMonths, reviewMonths, shopMonth } from './review-months.js';

describe('reviewMonths', () => {
  const now = new Date('2026-11-15T12:00:00Z');

  it('lists the last 12 months in Argentina, oldest first', () => {
    const months = lastMonths(now);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-12');
    expect(months.at(-1)).toBe('2026-11');
    // 1 December 01:00 UTC is still 30 November in Argentina.
    expect(shopMonth(new Date('2026-12-01T01:00:00Z'))).toBe('2026-11');
    expect(lastMonths(new Date('2026-01-10T12:00:00Z'), 3)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it("counts each month's reviews and averages their stars, leaving out older ones", () => {
    const months = reviewMonths(
      [
        { createdAt: '2026-11-02T10:00:00Z', stars: 5 },
        { createdAt: '2026-11-03T10:00:00Z', stars: 4 },
        { createdAt: '2026-11-04T10:00:00Z', stars: 4 },
        { createdAt: '2026-09-30T10:00:00Z', stars: 2 },
        { createdAt: '2025-11-30T10:00:00Z', stars: 1 },
        { createdAt: 'no es fecha', stars: 1 },
      ],
      now,
    );
    expect(months.at(-1)).toEqual({ month: '2026-11', count: 3, average: 4.3 });
    expect(months.find((m) => m.month === '2026-09')).toEqual({ month: '2026-09', count: 1, average: 2 });
    expect(months.find((m) => m.month === '2026-10')).toEqual({ month: '2026-10', count: 0, average: null });
    expect(months.reduce((n, m) => n + m.count, 0)).toBe(4);
  });
});
