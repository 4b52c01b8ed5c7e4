/** Types of scripts/fake-correo-argentino.mjs (a plain ES module, so that the demo runs it without a build). */
import type { FakeCarrier } from './lib/fake-carrier-http.mjs';

export type { FakeCarrier };
export const CORREO_AGENCIES: Array<Record<string, any>>;
export function correoPrice(input: {
  postalCodeOrigin: string;
  postalCodeDestination: string;
  dimensions: { weight: number; length: number; width: number; height: number };
}): number;
export function startFakeCorreoArgentino(options?: {
  user?: string;
  password?: string;
  customerId?: string;
  port?: number;
  host?: string;
  tokenTtlMs?: number;
}): Promise<FakeCarrier>;
