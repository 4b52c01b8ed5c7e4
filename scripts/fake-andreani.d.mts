/** Types of scripts/fake-andreani.mjs (a plain ES module, so that the demo runs it without a build). */
import type { FakeCarrier } from './lib/fake-carrier-http.mjs';

export type { FakeCarrier };
export const ANDREANI_SUCURSALES: Array<Record<string, any>>;
export function andreaniPrice(input: { cpDestino: string; kilos: number; volumen: number; branch: boolean }): number;
export function startFakeAndreani(options?: {
  user?: string;
  password?: string;
  contracts?: { door: string; branch: string };
  client?: string;
  port?: number;
  host?: string;
  tokenTtlMs?: number;
}): Promise<FakeCarrier>;
