/** Types of scripts/fake-mercadolibre.mjs (a plain ES module, so that the demo runs it without a build). */
export interface FakeMercadoLibreState {
  seller: { id: number; nickname: string };
  codes: Map<string, { redirectUri: string; expiresAt: number; used: boolean }>;
  accessTokens: Map<string, { expiresAt: number }>;
  refreshTokens: Map<string, { used: boolean }>;
  exchanges: { authorization_code: number; refresh_token: number };
  refused: number;
  calls: { method: string; path: string; grantType?: string }[];
  mode: { status: number; times: number; delayMs: number };
  revoked: boolean;
  sales: FakeMercadoLibreSales;
}

export interface FakeMercadoLibre {
  url: string;
  state: FakeMercadoLibreState;
  close(): Promise<void>;
}

export function startFakeMercadoLibre(options?: {
  clientId?: string;
  clientSecret?: string;
  userId?: number;
  nickname?: string;
  port?: number;
  host?: string;
}): Promise<FakeMercadoLibre>;

/** An item the fake holds (scripts/lib/fake-mercadolibre-items.mjs), in Mercado Libre's shape. */
export interface FakeItem {
  id: string;
  title: string;
  status: string;
  price: number;
  category_id: string;
  listing_type_id: string;
  condition: string;
  available_quantity: number;
  pictures: { id: string; url: string; secure_url: string; source: string }[];
  variations: {
    id: number;
    price: number;
    available_quantity: number;
    picture_ids: string[];
    attribute_combinations: { id: string; value_name: string | null }[];
    attributes: { id: string; value_name: string }[];
  }[];
}

export interface FakeMercadoLibreState {
  items: Map<string, FakeItem>;
  descriptions: Map<string, string>;
  /** The writes each item got (POST, PUT, PUT description), in order. */
  itemCalls: Record<string, { method: string; at: number; body: unknown }[]>;
  reject: { times: number; code: string; message: string };
  inFlight: Record<string, number>;
  maxInFlight: number;
  writeDelayMs: number;
}

/** The sales half's state (scripts/lib/fake-mercadolibre-sales.mjs). */
export interface FakeMercadoLibreSales {
  orders: Map<number, Record<string, unknown>>;
  shipments: Map<number, Record<string, unknown>>;
  questions: Map<number, Record<string, unknown>>;
  fiscalDocuments: { packId: number; filename: string; size: number; type: string; id: string }[];
  notificationsSent: number;
}
