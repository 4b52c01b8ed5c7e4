import type { CarrierId } from '@shop/shared';
import type { Carrier } from './carrier';
import { andreani } from './carrier-andreani';
import { correoArgentino } from './carrier-correo-argentino';

/** Every carrier the shop can quote with, by id: a new one (OCA) is its file and one more line here and in CARRIER_IDS. */
export const CARRIERS: Readonly<Record<CarrierId, Carrier>> = {
  'correo-argentino': correoArgentino,
  andreani,
};
