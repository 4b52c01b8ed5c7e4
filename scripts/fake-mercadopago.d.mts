/** Types of scripts/fake-mercadopago.mjs (a plain ES module, so that the demo runs it without a build). */
export interface FakeMercadoPagoState {
  preferences: Map<string, Record<string, any>>;
  payments: Map<string, Record<string, any>>;
  calls: { method: string; path: string; query: string; idempotencyKey: string | null; body: any }[];
  webhooks: { paymentId: number; status: string; answer: number }[];
  down: boolean;
  failRefunds: boolean;
  delayMs: number;
  /** The in-person API (lib/fake-mercadopago-in-person.mjs): Point terminals, Orders API orders, order webhooks. */
  inPerson: {
    terminals: Record<string, any>[];
    orders: Map<string, Record<string, any>>;
    webhookUrl: string | null;
    webhooks: { orderId: string; status: string; answer: number }[];
  };
}

export interface FakeMercadoPago {
  url: string;
  state: FakeMercadoPagoState;
  close(): Promise<void>;
}

export function signWebhook(secret: string, dataId: string | number, requestId: string, ts: number): string;

export function startFakeMercadoPago(options: {
  accessToken: string;
  webhookSecret: string;
  port?: number;
  host?: string;
}): Promise<FakeMercadoPago>;
