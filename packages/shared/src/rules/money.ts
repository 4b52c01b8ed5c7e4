/** Money is integer pesos everywhere. Display follows es-AR: "$" and dot thousands separators. */
export function formatPrice(amount: number): string {
  const rounded = Math.round(Number.isFinite(amount) ? amount : 0);
  const sign = rounded < 0 ? '-' : '';
  const digits = Math.abs(rounded)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}$${digits}`;
}

/** Shipping and fees of 0 are shown as 'Gratis'. */
export function formatShipping(amount: number): string {
  return amount === 0 ? 'Gratis' : formatPrice(amount);
}

/** Digits-only input shown with dot thousands separators (admin price field). */
export function formatDigits(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Inverse of formatDigits: "12.500" -> 12500; anything non-numeric -> 0. */
export function parseDigits(value: string): number {
  const digits = value.replace(/\D/g, '');
  return digits === '' ? 0 : Number.parseInt(digits, 10);
}
