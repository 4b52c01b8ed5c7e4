// The demo store's checkout content: pickup points, delivery zones around Neuquén and the payment methods.
import type { SiteContent } from '@shop/shared';

type DeliveryZone = SiteContent['checkout']['shipping']['homeDelivery']['zones'][number];

/** A delivery zone of the demo (all enabled). */
function zone(
  id: string,
  name: string,
  barrios: string[],
  postalCodes: string[],
  cost: number,
  freeShippingThreshold: number,
  estimatedDays: string,
): DeliveryZone {
  return { id, name, barrios, postalCodes, cost, freeShippingThreshold, estimatedDays, enabled: true };
}

/**
 * The centre's pickup point: the first of `meetingPoints`, and the single legacy `meetingPoint` too (its title,
 * address, schedule and notes are this place's, so that whatever still reads the legacy field, e.g. the shopper's
 * e-mails, names the same place as the list).
 */
const CENTRO = {
  id: 'centro',
  title: 'Centro (Av. Argentina)',
  address: 'Av. Argentina 250, Neuquén capital',
  schedule: 'Lunes a viernes de 17 a 20 · Sábados de 10 a 13',
  notes: 'Te escribimos por WhatsApp para confirmar el día y la hora.',
  enabled: true,
};

// Demo zones around Neuquén: 8300 (the capital) belongs to the centre; barrios of the capital farther out
// are priced by name, towns around by their own postal codes.
const ZONES: DeliveryZone[] = [
  zone(
    'neuquen-centro',
    'Neuquén centro',
    ['Centro', 'Área Centro Este', 'Área Centro Oeste', 'Área Centro Sur', 'Santa Genoveva', 'Villa Farrell', 'Bouquet Roldán', 'Sapere'],
    ['8300'],
    2500,
    30000,
    '24 a 48 horas hábiles',
  ),
  zone(
    'neuquen-oeste',
    'Neuquén oeste',
    [
      'Gran Neuquén Norte',
      'Gran Neuquén Sur',
      'Valentina Norte',
      'Valentina Sur',
      'San Lorenzo Norte',
      'San Lorenzo Sur',
      'Cuenca XV',
      'Villa Ceferino',
      'Melipal',
      'Islas Malvinas',
      'Don Bosco III',
    ],
    [],
    3500,
    40000,
    '48 a 72 horas hábiles',
  ),
  zone('plottier', 'Plottier', ['Plottier'], ['8316'], 4500, 50000, '48 a 72 horas hábiles'),
  zone('centenario', 'Centenario', ['Centenario'], ['8309'], 4500, 50000, '48 a 72 horas hábiles'),
  zone('cipolletti', 'Cipolletti', ['Cipolletti'], ['8324'], 5000, 60000, '72 horas hábiles'),
];

/** The checkout section of the demo content (before the schema fills in the fields it leaves out). */
export const SEED_CHECKOUT = {
  deliveryInfo: {
    title: 'Forma de entrega',
    meetingPoint: {
      enabled: true,
      title: CENTRO.title,
      description: 'Coordinamos la entrega en el centro de Neuquén capital, sin costo.',
      address: CENTRO.address,
      schedule: CENTRO.schedule,
      notes: CENTRO.notes,
    },
    meetingPoints: [
      CENTRO,
      {
        id: 'alto-comahue',
        title: 'Shopping Alto Comahue',
        address: 'Antártida Argentina 1111, Neuquén capital (patio de comidas)',
        schedule: 'Sábados de 16 a 19',
        notes: 'Coordinamos por WhatsApp el horario exacto.',
        enabled: true,
      },
    ],
  },
  shipping: {
    enabled: true,
    title: 'Envío a domicilio',
    homeDelivery: {
      enabled: true,
      title: 'Envío a domicilio',
      description: 'Recibí tu pedido en tu casa, embalado con discreción.',
      coverage: 'Neuquén capital, Plottier, Centenario y Cipolletti',
      estimatedDays: '24 a 72 horas hábiles',
      freeShippingThreshold: 30000,
      baseCost: 2500,
      notes: 'El envío es gratis en compras desde $30.000.',
      zones: ZONES,
    },
  },
  paymentInfo: {
    title: 'Forma de pago',
    cashOnDelivery: {
      enabled: true,
      title: 'Pago en Efectivo',
      description: 'Pagás al recibir o al retirar tu pedido.',
      additionalFee: 0,
      notes: 'Tené el importe justo si podés.',
    },
    bankTransfer: {
      enabled: true,
      title: 'Transferencia Bancaria',
      bankName: 'Banco Provincia del Neuquén',
      cbu: '0970012345678901234567',
      alias: 'JAZMIN.LENCERIA.NQN',
      accountHolder: 'Jazmín Lencería',
      accountType: 'Cuenta corriente en pesos',
      accountNumber: '123-456789/0',
      instructions: 'Transferí el total y subí el comprobante al confirmar la compra (o envialo por WhatsApp con tu número de pedido).',
    },
  },
};
