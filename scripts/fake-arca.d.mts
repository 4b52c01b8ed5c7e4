/** Types of scripts/fake-arca.mjs (a plain ES module, so that the demo runs it without a build). */
export interface FakeArcaSwitches {
  down: boolean;
  slowMs: number;
  answerDelayMs: number;
  observe: boolean;
  reject: boolean;
  error: boolean;
  duplicate: boolean;
  dropAnswer: boolean;
  ticketMinutes: number;
}

export interface FakeArcaState {
  tickets: Map<string, { token: string; sign: string; expires: number }>;
  ticketBySerial: Map<string, { token: string; sign: string; expires: number }>;
  logins: number;
  refusedLogins: number;
  last: Map<string, number>;
  vouchers: Map<string, Record<string, any>>;
  calls: string[];
  switches: FakeArcaSwitches;
}

export interface FakeArca {
  url: string;
  wsaaUrl: string;
  wsfeUrl: string;
  state: FakeArcaState;
  signCsr(csr: string, options?: { days?: number }): string;
  close(): Promise<void>;
}

export function startFakeArca(options?: { port?: number; host?: string }): Promise<FakeArca>;
