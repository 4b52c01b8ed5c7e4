import type { WhatsappSettingsAnswer } from '@shop/shared';

/**
 * The shop's suggested templates, one per step, for the owner to submit for approval in Meta's WhatsApp Manager
 * (language es_AR; the order's steps are "Utility", 'Avisame' and the unfinished checkout "Marketing"). Their {{n}} are filled, in this order, with the variables listed. Meta
 * refuses an empty variable: every one of them always has a text (see whatsapp-variables.ts).
 */
export const WHATSAPP_SUGGESTIONS: WhatsappSettingsAnswer['suggestions'] = [
  {
    step: 'order_received',
    name: 'pedido_recibido',
    text: 'Hola {{1}}, recibimos tu pedido {{2}} por {{3}}. {{4}} Te vamos a avisar por acá cada paso.',
    variables: ['name', 'orderNumber', 'total', 'transferData'],
  },
  {
    step: 'proof_received',
    name: 'comprobante_recibido',
    text: 'Hola {{1}}, recibimos el comprobante de tu pedido {{2}}. Lo revisamos y te confirmamos el pago por acá.',
    variables: ['name', 'orderNumber'],
  },
  {
    step: 'paid',
    name: 'pago_confirmado',
    text: '¡Gracias {{1}}! Confirmamos el pago de tu pedido {{2}} por {{3}}. Ya lo estamos preparando.',
    variables: ['name', 'orderNumber', 'total'],
  },
  {
    step: 'ready_for_pickup',
    name: 'pedido_listo_retiro',
    text: 'Hola {{1}}, tu pedido {{2}} está listo para retirar en {{3}}. Horario: {{4}}.',
    variables: ['name', 'orderNumber', 'pickupPoint', 'pickupHours'],
  },
  {
    step: 'shipped',
    name: 'pedido_enviado',
    text: 'Hola {{1}}, tu pedido {{2}} ya salió con {{3}}. Seguilo acá: {{4}}',
    variables: ['name', 'orderNumber', 'carrier', 'trackingLink'],
  },
  {
    step: 'delivered',
    name: 'pedido_entregado',
    text: 'Hola {{1}}, tu pedido {{2}} figura entregado. ¡Que lo disfrutes! Si algo no te quedó bien, respondé este mensaje.',
    variables: ['name', 'orderNumber'],
  },
  {
    step: 'back_in_stock',
    name: 'volvio_tu_talle',
    text: '¡Hola! Volvió {{1}}, lo que nos pediste que te avisáramos. Miralo acá: {{2}}',
    variables: ['productTitle', 'link'],
  },
  {
    step: 'cart_recovery',
    name: 'carrito_pendiente',
    text: 'Hola {{1}}, te guardamos el carrito: {{2}}, por {{3}}. Si querés terminar la compra, seguí acá: {{4}}',
    variables: ['name', 'productTitle', 'total', 'link'],
  },
];
