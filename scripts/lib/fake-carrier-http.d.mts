/** Types of scripts/lib/fake-carrier-http.mjs. */
export interface FakeCarrierState {
  mode: 'ok' | 'down' | 'slow' | 'error';
  delayMs: number;
  tokens: Map<string, number>;
  logins: number;
  refusedLogins: number;
  calls: Array<{ method: string; path: string; query: Record<string, string>; body?: any }>;
  tokenTtlMs: number;
  /** The shipments created: the carrier's number → its record (the carrier's own fields, `events`, `cancelled`). */
  shipments: Map<string, Record<string, any>>;
}

/** A minimal one-page PDF with these lines of text (the fakes' labels). */
export function labelPdf(lines: readonly string[]): Buffer;

export interface FakeCarrier {
  url: string;
  state: FakeCarrierState;
  close(): Promise<void>;
}
