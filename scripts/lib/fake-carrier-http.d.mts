/** Types of scripts/lib/fake-carrier-http.mjs. */
export interface FakeCarrierState {
  mode: 'ok' | 'down' | 'slow' | 'error';
  delayMs: number;
  tokens: Map<string, number>;
  logins: number;
  refusedLogins: number;
  calls: Array<{ method: string; path: string; query: Record<string, string>; body?: any }>;
  tokenTtlMs: number;
}

export interface FakeCarrier {
  url: string;
  state: FakeCarrierState;
  close(): Promise<void>;
}
