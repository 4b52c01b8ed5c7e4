import type { Context } from 'koa';
import type { ActivityKind } from '@shop/shared';

/** What each staff route that changes data is, in the activity list: its kind and what it did (Spanish). */
export const ACTIVITY_OF_ROUTE: Readonly<Record<string, { kind: ActivityKind; action: string; label: string }>> = {
  'PUT /orders/:id/status': { kind: 'orders', action: 'order.status', label: 'Cambió el estado de una orden' },
  'PATCH /orders/:id/confirm': { kind: 'orders', action: 'order.confirm', label: 'Confirmó una orden' },
  'PUT /orders/:id/fulfillment': { kind: 'orders', action: 'order.fulfillment', label: 'Marcó un paso de entrega' },
  'POST /orders/fulfillment': { kind: 'orders', action: 'order.fulfillment-bulk', label: 'Marcó un paso de entrega de varias órdenes' },
  'POST /orders/:id/invoice': { kind: 'orders', action: 'invoice.issue', label: 'Pidió la factura electrónica de una orden' },
  'POST /orders/:id/credit-note': { kind: 'orders', action: 'invoice.credit-note', label: 'Emitió una nota de crédito' },
  'PUT /invoicing/settings': { kind: 'content', action: 'invoicing.settings', label: 'Cambió los datos de facturación' },
  'PUT /shipping/settings': { kind: 'content', action: 'shipping.settings', label: 'Cambió la configuración de envíos nacionales' },
  'POST /invoicing/csr': { kind: 'content', action: 'invoicing.csr', label: 'Generó un pedido de certificado de ARCA' },
  'PUT /invoicing/certificate': { kind: 'content', action: 'invoicing.certificate', label: 'Subió el certificado de ARCA' },
  'DELETE /orders/:id': { kind: 'orders', action: 'order.delete', label: 'Eliminó una orden' },
  'POST /orders/manual': { kind: 'orders', action: 'order.manual', label: 'Tomó una venta' },
  'POST /orders/:id/payment-link': { kind: 'orders', action: 'order.payment-link', label: 'Generó un link de pago' },
  'POST /registers': { kind: 'orders', action: 'register.create', label: 'Creó una caja' },
  'POST /registers/:id/sessions': { kind: 'orders', action: 'cash.open', label: 'Abrió la caja' },
  'POST /cash-sessions/:id/movements': { kind: 'orders', action: 'cash.movement', label: 'Registró un movimiento de caja' },
  'POST /cash-sessions/:id/close': { kind: 'orders', action: 'cash.close', label: 'Cerró la caja' },
  'POST /cash-sessions/:id/reopen': { kind: 'orders', action: 'cash.reopen', label: 'Reabrió la caja' },
  'PATCH /registers/:id': { kind: 'orders', action: 'register.devices', label: 'Configuró la terminal o el QR de una caja' },
  'POST /orders/:id/counter-payments': { kind: 'orders', action: 'cash.payment', label: 'Agregó un cobro a una venta en caja' },
  'DELETE /counter-payments/:id': { kind: 'orders', action: 'cash.payment-cancel', label: 'Canceló un cobro con tarjeta o QR' },
  'PUT /returns/:id/status': { kind: 'orders', action: 'return.status', label: 'Cambió el estado de un cambio o devolución' },
  'POST /emails/:id/resend': { kind: 'emails', action: 'email.resend', label: 'Reenvió un correo' },
  'POST /health/test-email': { kind: 'emails', action: 'email.test', label: 'Se envió un correo de prueba' },
  'POST /products': { kind: 'products', action: 'product.create', label: 'Creó un producto' },
  'PUT /products/:id': { kind: 'products', action: 'product.update', label: 'Editó un producto' },
  'DELETE /products/:id': { kind: 'products', action: 'product.delete', label: 'Eliminó un producto' },
  'POST /products/stock.csv': { kind: 'products', action: 'product.stock-sheet', label: 'Actualizó el stock desde una planilla' },
  'POST /stock-adjustments': { kind: 'products', action: 'stock.adjust', label: 'Ajustó el stock de una variante' },
  'POST /suppliers': { kind: 'products', action: 'supplier.create', label: 'Agregó un proveedor' },
  'PUT /suppliers/:id': { kind: 'products', action: 'supplier.update', label: 'Editó un proveedor' },
  'POST /purchases': { kind: 'products', action: 'purchase.create', label: 'Guardó un ingreso de mercadería (borrador)' },
  'PUT /purchases/:id': { kind: 'products', action: 'purchase.update', label: 'Editó un ingreso de mercadería (borrador)' },
  'POST /purchases/:id/receive': { kind: 'products', action: 'purchase.receive', label: 'Recibió mercadería de una compra' },
  'POST /purchases/:id/reverse': { kind: 'products', action: 'purchase.reverse', label: 'Revirtió un ingreso de mercadería' },
  'PUT /variant-costs': { kind: 'products', action: 'purchase.costs', label: 'Cargó costos de variantes' },
  'PUT /purchase-settings': {
    kind: 'content',
    action: 'purchase.cost-method',
    label: 'Cambió el método de costo o la comisión de Mercado Pago',
  },
  'DELETE /stock-alerts/:id': { kind: 'products', action: 'stock-alert.delete', label: 'Eliminó un aviso de stock' },
  'PUT /content': { kind: 'content', action: 'content.update', label: 'Guardó el contenido del sitio' },
  'PUT /insight/low-stock-threshold': { kind: 'insight', action: 'insight.threshold', label: 'Cambió el umbral de stock bajo' },
  'DELETE /interactions/reset': { kind: 'insight', action: 'insight.reset', label: 'Reinició las estadísticas de visitas' },
  'POST /staff': { kind: 'staff', action: 'staff.invite', label: 'Invitó a una persona al equipo' },
  'PUT /staff/:id': { kind: 'staff', action: 'staff.update', label: 'Cambió una cuenta del equipo' },
  'DELETE /staff/:id': { kind: 'staff', action: 'staff.delete', label: 'Eliminó una cuenta del equipo' },
  'PUT /users/profile': { kind: 'account', action: 'account.profile', label: 'Cambió su perfil' },
  'PUT /users/password': { kind: 'account', action: 'account.password', label: 'Cambió su contraseña' },
  'POST /auth/2fa/enable': { kind: 'account', action: 'account.2fa-on', label: 'Activó la verificación en dos pasos' },
  'POST /auth/2fa/disable': { kind: 'account', action: 'account.2fa-off', label: 'Desactivó la verificación en dos pasos' },
};

/** What a controller adds to its activity entry: the target's name and a one-line summary. */
export interface ActivityNote {
  target?: string;
  summary?: string;
}

/** Lets a controller describe the change it made (read by the staff-activity middleware once it succeeded). */
export function noteActivity(ctx: Context, note: ActivityNote): void {
  ctx.state.activity = { ...(ctx.state.activity as ActivityNote | undefined), ...note };
}
