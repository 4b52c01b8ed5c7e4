import { describe, expect, it } from 'vitest';
import { returnsPolicySchema } from './returns.js';
import { countFit, DEFAULT_FIT_MINIMUM, fitBasis, fitEvidence, fitFigure, fitMove, type FitLine } from './product-fit.js';

const BRA = ['85A', '85B', '90A', '90B', '95B'];
const exchange = (from: string, to: string, quantity = 1, reason = 'size_small'): FitLine => ({
  kind: 'exchange',
  reason,
  quantity,
  from: { size: from },
  to: { size: to },
});
const returned = (size: string, reason: string, quantity = 1): FitLine => ({ kind: 'return', reason, quantity, from: { size }, to: null });

describe('fitMove', () => {
  it('reads an exchange by the order of the sizes, whatever reason she gave', () => {
    expect(fitMove(exchange('85B', '90B'), BRA)).toBe('up');
    expect(fitMove(exchange('90B', '85B', 1, 'size_small'), BRA)).toBe('down');
    expect(fitMove(exchange('90b', ' 95B '), BRA)).toBe('up');
  });

  it('reads returns and exchanges it cannot order by their reason, and ignores other reasons', () => {
    expect(fitMove(returned('85B', 'size_small'), BRA)).toBe('up');
    expect(fitMove(returned('85B', 'size_large'), BRA)).toBe('down');
    expect(fitMove(returned('85B', 'defect'), BRA)).toBeNull();
    // A colour exchange in the same size, and a size the product no longer lists.
    expect(fitMove(exchange('85B', '85B', 1, 'changed_mind'), BRA)).toBeNull();
    expect(fitMove(exchange('85B', '120Z', 1, 'size_large'), BRA)).toBe('down');
  });
});

describe('countFit and fitFigure', () => {
  it('counts units per size bought and the units exchanged', () => {
    const counts = countFit(
      [
        exchange('85B', '90B', 2),
        exchange('90B', '95B'),
        returned('85B', 'size_large'),
        returned('90B', 'defect'),
        exchange('90B', '90A', 1, 'other'),
      ],
      BRA,
    );
    expect(counts).toEqual({
      up: 3,
      down: 2,
      exchanged: 4,
      bySize: {
        '85B': { up: 2, down: 1, exchanged: 2 },
        '90B': { up: 1, down: 1, exchanged: 2 },
      },
    });
  });

  it('shows nothing below the minimum, and the direction with 60 % of the units one way', () => {
    expect(fitFigure({ up: 4, down: 0 }, 5)).toBeNull();
    expect(fitFigure({ up: 0, down: 0 }, 1)).toBeNull();
    expect(fitFigure({ up: 6, down: 0 }, 5)).toEqual({ direction: 'small', basedOn: 6 });
    expect(fitFigure({ up: 3, down: 2 }, 5)).toEqual({ direction: 'small', basedOn: 5 });
    expect(fitFigure({ up: 2, down: 3 }, 5)).toEqual({ direction: 'large', basedOn: 5 });
    expect(fitFigure({ up: 5, down: 5 }, 5)).toEqual({ direction: 'true', basedOn: 10 });
    expect(fitFigure({ up: 1, down: 0 }, 1)).toEqual({ direction: 'small', basedOn: 1 });
  });

  it('has the owner minimum 5 by default, and a basis in Spanish', () => {
    expect(returnsPolicySchema.parse({}).fitMinimum).toBe(DEFAULT_FIT_MINIMUM);
    expect(returnsPolicySchema.parse({ fitMinimum: 0 }).fitMinimum).toBe(DEFAULT_FIT_MINIMUM);
    expect(fitBasis(6)).toBe('Según 6 cambios de talle');
    expect(fitBasis(1)).toBe('Según 1 cambio de talle');
  });

  it('names each source with its count once reviews count too', () => {
    const sources = { exchanges: { up: 3, down: 0 }, reviews: { small: 12, true: 2, large: 1 } };
    expect(fitBasis(18, sources)).toBe('Según 3 cambios de talle y 15 opiniones');
    expect(fitBasis(1, { exchanges: { up: 0, down: 0 }, reviews: { small: 1, true: 0, large: 0 } })).toBe('Según 1 opinión');
    expect(fitBasis(6, { exchanges: { up: 6, down: 0 }, reviews: { small: 0, true: 0, large: 0 } })).toBe('Según 6 cambios de talle');
    expect(fitEvidence({ direction: 'small', sources })).toBe('12 compradoras que dicen que calza chico y 3 cambios por talle');
    expect(fitEvidence({ direction: 'large', sources })).toBe('1 compradora que dice que calza grande');
    expect(fitEvidence({ direction: 'small', sources: { exchanges: { up: 1, down: 0 }, reviews: { small: 0, true: 4, large: 0 } } })).toBe(
      '1 cambio por talle',
    );
    expect(fitEvidence({ direction: 'true', sources })).toBe('');
    expect(fitEvidence({ direction: 'small' })).toBe('');
  });
});
