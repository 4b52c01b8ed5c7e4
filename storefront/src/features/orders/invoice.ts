import { formatPrice, formatShipping, nationalShippingText, NET_PRICE_LEGEND, PAYMENT_METHOD_LABELS, type Order } from '@shop/shared';

export interface ShopDetails {
  brandName: string;
  address: string;
  taxId: string;
  phone: string;
  email: string;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('es-AR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Argentina/Buenos_Aires',
  }).format(date);
}

/** How the order is delivered: home delivery with its zone, or pickup with the place, its address and schedule. */
export function deliveryDescription(order: Pick<Order, 'deliveryType' | 'zone' | 'meetingPoint' | 'nationalShipping'>): string {
  if (order.deliveryType === 'carrier')
    return order.nationalShipping ? `Envío a todo el país: ${nationalShippingText(order.nationalShipping)}` : 'Envío a todo el país';
  if (order.deliveryType === 'delivery') return order.zone ? `Envío a domicilio (zona ${order.zone.name})` : 'Envío a domicilio';
  const point = order.meetingPoint;
  if (!point) return 'Retiro en punto de encuentro';
  const place = [point.title, point.address].filter((part) => part.trim() !== '').join(', ');
  const schedule = point.schedule.trim() ? ` (${point.schedule.trim()})` : '';
  return place ? `Retiro en punto de encuentro: ${place}${schedule}` : `Retiro en punto de encuentro${schedule}`;
}

/** How the order is paid, with the installments of a Mercado Pago payment made in more than one. */
export function paymentDescription(order: Pick<Order, 'paymentMethod' | 'payment'>): string {
  const label = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const installments = order.paymentMethod === 'mercadopago' ? (order.payment?.installments ?? 0) : 0;
  return installments > 1 ? `${label} (${installments} cuotas)` : label;
}

/** Where the receipt's styles are (storefront/public/invoice.css). No inline styles: see openInvoice. */
export const INVOICE_STYLESHEET = '/invoice.css';

/** The printable receipt: PAGADO when the order is paid, otherwise PENDIENTE. */
export function invoiceHtml(order: Order, shop: ShopDetails, stylesheet = INVOICE_STYLESHEET): string {
  const paid = order.status === 'paid';
  const rows = order.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.title)}${item.size ? ` · Talla ${escapeHtml(item.size)}` : ''}${
          item.color ? ` · ${escapeHtml(item.color)}` : ''
        }</td><td class="n">${item.quantity}</td><td class="n">${formatPrice(item.price)}</td><td class="n">${formatPrice(
          item.price * item.quantity,
        )}</td></tr>`,
    )
    .join('');
  const info = order.shippingInfo;
  const customer = [info.fullName, info.email, info.phone, [info.address, info.city].filter(Boolean).join(', ')]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => `<div>${escapeHtml(v)}</div>`)
    .join('');
  return `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><title>Comprobante ${escapeHtml(order.orderNumber)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}"></head><body>
<header><div><h1>${escapeHtml(shop.brandName)}</h1><div class="muted">${escapeHtml(shop.address)}</div><div class="muted">${escapeHtml(
    shop.taxId,
  )}</div><div class="muted">${escapeHtml(shop.phone)} · ${escapeHtml(shop.email)}</div></div>
<div class="issuer"><div class="muted">Comprobante de pedido</div><div class="number">${escapeHtml(
    order.orderNumber,
  )}</div><div class="muted">${escapeHtml(formatOrderDate(order.createdAt))}</div><p><span class="stamp${paid ? ' stamp--paid' : ''}">${
    paid ? 'PAGADO' : 'PENDIENTE'
  }</span></p></div></header>
<section><strong>Cliente</strong>${customer}</section>
<section><strong>Pago:</strong> ${paymentDescription(order)} · <strong>Entrega:</strong> ${escapeHtml(deliveryDescription(order))}</section>
<table><thead><tr><th>Producto</th><th class="n">Cant.</th><th class="n">Precio</th><th class="n">Total</th></tr></thead><tbody>${rows}</tbody></table>
<div class="totals"><div><span>Subtotal</span><span>${formatPrice(order.subtotal)}</span></div><div><span>Envío</span><span>${formatShipping(
    order.shippingCost,
  )}</span></div>${
    order.cashFee > 0 ? `<div><span>Recargo efectivo</span><span>${formatPrice(order.cashFee)}</span></div>` : ''
  }<div class="t"><span>Total</span><span>${formatPrice(order.total)}</span></div>${
    order.netTotal ? `<div class="net"><span>${NET_PRICE_LEGEND}</span><span>${formatPrice(order.netTotal)}</span></div>` : ''
  }</div>
<p class="muted thanks">Gracias por tu compra.</p>
</body></html>`;
}

/**
 * Opens the receipt in a new window and prints it once its stylesheet has loaded; false when pop-ups are blocked.
 * The pop-up inherits the shop's Content-Security-Policy (style-src 'self'): inline styles would be refused, so the
 * receipt links a stylesheet of this origin.
 */
export function openInvoice(order: Order, shop: ShopDetails): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  let printed = false;
  const print = () => {
    if (printed) return;
    printed = true;
    win.print();
  };
  win.document.open();
  win.document.write(invoiceHtml(order, shop, new URL(INVOICE_STYLESHEET, window.location.origin).href));
  win.document.close();
  win.addEventListener('load', print, { once: true });
  // Should the load event be missed (already fired, or a stylesheet that never answers), print anyway.
  window.setTimeout(print, 1500);
  win.focus();
  return true;
}
