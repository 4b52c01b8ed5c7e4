import { formatPrice } from '@shop/shared';

export interface ChatLine {
  name: string;
  size?: string;
  color?: string;
  quantity: number;
  price: number;
}

/** wa.me wants the international number in digits only. */
export function chatUrl(number: string, text: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** The cart enquiry sent through the chat link: every line, the estimated total and a stock question. */
export function cartChatText(lines: readonly ChatLine[], brandName: string): string {
  if (lines.length === 0) return `¡Hola ${brandName}! Quisiera hacer una consulta.`;
  const body = lines.map((line) => {
    const details = [line.size ? `Talla: ${line.size}` : null, line.color ? `Color: ${line.color}` : null].filter(Boolean).join(', ');
    return `• ${line.name}${details ? ` (${details})` : ''} x${line.quantity} - ${formatPrice(line.price * line.quantity)}`;
  });
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return [
    `¡Hola ${brandName}! Me interesan estos productos:`,
    ...body,
    `Total estimado: ${formatPrice(total)}`,
    '¿Tienen stock disponible?',
  ].join('\n');
}

/** The cart enquiry of a shopper outside every delivery zone: the cart, then where she wants it delivered. */
export function deliveryChatText(lines: readonly ChatLine[], brandName: string, place: string): string {
  const where = place.trim();
  return [
    cartChatText(lines, brandName),
    where ? `Quisiera coordinar el envío a ${where}.` : 'Quisiera coordinar el envío a domicilio.',
  ].join('\n');
}
