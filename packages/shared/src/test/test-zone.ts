import type { DeliveryZone } from '../rules/delivery.js';

/** A delivery zone for the tests: enabled, $1.000, no barrios or postal codes unless given (not part of the build). */
export const testZone = (fields: Partial<DeliveryZone> & Pick<DeliveryZone, 'id'>): DeliveryZone => ({
  name: fields.id,
  barrios: [],
  postalCodes: [],
  cost: 1000,
  freeShippingThreshold: 0,
  estimatedDays: '',
  enabled: true,
  ...fields,
});
