import { formatPrice, formatShipping, PAYMENT_METHOD_LABELS, type Order } from '@shop/shared';

export interface ShopDetails {
  brandName: string;
  address: string;
  taxId: string;
  phone: string;
  email: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
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

/** The printable receipt: PAGADO when the order is paid, otherwise PENDIENTE. */
export function invoiceHtml(order: Order, shop: ShopDetails): string {
  const paid = order.status === 'paid';
  const rows = order.items
    .map(
      (item) => `<tr><td>${escapeHtml(item.title)}${item.size ? ` · Talla ${escapeHtml(item.size)}` : ''}${
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
<style>
body{font-family:Georgia,'Times New Roman',serif;color:#2d2327;margin:32px;max-width:760px}
header{display:flex;justify-content:space-between;gap:24px;border-bottom:2px solid #b5536f;padding-bottom:16px}
h1{font-size:26px;margin:0;color:#8f3a55}.muted{color:#6b5a60;font-size:13px}
.stamp{display:inline-block;border:3px solid ${paid ? '#2f7d4f' : '#b07a1a'};color:${paid ? '#2f7d4f' : '#b07a1a'};padding:6px 14px;font:bold 20px sans-serif;letter-spacing:2px;transform:rotate(-4deg)}
table{width:100%;border-collapse:collapse;margin-top:24px;font-family:sans-serif;font-size:14px}
th,td{padding:8px;border-bottom:1px solid #ead7dc;text-align:left}.n{text-align:right}
.totals{margin-top:16px;margin-left:auto;width:280px;font-family:sans-serif;font-size:14px}
.totals div{display:flex;justify-content:space-between;padding:4px 0}.totals .t{font-weight:bold;font-size:17px;border-top:2px solid #2d2327}
section{margin-top:20px;font-family:sans-serif;font-size:14px}
</style></head><body>
<header><div><h1>${escapeHtml(shop.brandName)}</h1><div class="muted">${escapeHtml(shop.address)}</div><div class="muted">${escapeHtml(
    shop.taxId,
  )}</div><div class="muted">${escapeHtml(shop.phone)} · ${escapeHtml(shop.email)}</div></div>
<div style="text-align:right"><div class="muted">Comprobante de pedido</div><div style="font:bold 18px sans-serif">${escapeHtml(
    order.orderNumber,
  )}</div><div class="muted">${escapeHtml(formatOrderDate(order.createdAt))}</div><p><span class="stamp">${
    paid ? 'PAGADO' : 'PENDIENTE'
  }</span></p></div></header>
<section><strong>Cliente</strong>${customer}</section>
<section><strong>Pago:</strong> ${PAYMENT_METHOD_LABELS[order.paymentMethod]} · <strong>Entrega:</strong> ${
    order.deliveryType === 'delivery' ? 'Envío a domicilio' : 'Retiro en punto de encuentro'
  }</section>
<table><thead><tr><th>Producto</th><th class="n">Cant.</th><th class="n">Precio</th><th class="n">Total</th></tr></thead><tbody>${rows}</tbody></table>
<div class="totals"><div><span>Subtotal</span><span>${formatPrice(order.subtotal)}</span></div><div><span>Envío</span><span>${formatShipping(
    order.shippingCost,
  )}</span></div>${
    order.cashFee > 0 ? `<div><span>Recargo efectivo</span><span>${formatPrice(order.cashFee)}</span></div>` : ''
  }<div class="t"><span>Total</span><span>${formatPrice(order.total)}</span></div></div>
<p class="muted" style="margin-top:32px">Gracias por tu compra.</p>
</body></html>`;
}

/** Opens the receipt in a new window and starts printing; false when pop-ups are blocked. */
export function openInvoice(order: Order, shop: ShopDetails): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  win.document.open();
  win.document.write(invoiceHtml(order, shop));
  win.document.close();
  win.focus();
  window.setTimeout(() => win.print(), 250);
  return true;
}
