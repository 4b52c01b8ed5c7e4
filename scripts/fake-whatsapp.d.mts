/** Types of scripts/fake-whatsapp.mjs (a plain ES module, so that the demo runs it without a build). */

/** A Graph API error body, as the fake answers it. */
export interface GraphError {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

/** An error of a `failed` status webhook. */
export interface WhatsAppStatusError {
  code: number;
  title: string;
  message: string;
  error_data?: { details: string };
  href?: string;
}

/** A message template as GET /{waba-id}/message_templates lists it. */
export interface FakeWhatsAppTemplate {
  name: string;
  parameter_format: 'POSITIONAL' | 'NAMED';
  components: { type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS'; text?: string; format?: string; [key: string]: unknown }[];
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED' | (string & {});
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION' | (string & {});
  id: string;
}

/** What the `templates` control and `state.templates` take: `body` is a shorthand for one BODY component. */
export type FakeWhatsAppTemplateInput = Partial<FakeWhatsAppTemplate> & { name: string; body?: string };

/** A message the shop sent and the fake accepted. */
export interface FakeWhatsAppMessage {
  /** `wamid.…`, as answered in `messages[0].id`. */
  id: string;
  /** The recipient's digits (also its wa_id). */
  to: string;
  waId: string;
  type: 'text' | 'template';
  /** What the shopper reads: the text's body, or the template's BODY with its {{n}} filled. */
  text: string;
  template?: { name: string; language: string; category: string; parameters: string[] };
  /** When it was accepted (ms). */
  at: number;
  /** The shopper had written in the 24 hours before. */
  inWindow: boolean;
  /** The code of the `failed` status the fake reports for it (131026 not on WhatsApp, 131047 window closed), or null. */
  failure: 131026 | 131047 | null;
  conversationId: string;
  /** The statuses sent for it so far. */
  statuses: { status: 'sent' | 'delivered' | 'read' | 'failed'; at: number; errors?: WhatsAppStatusError[] }[];
}

/** A shopper's message (the `inbound` control). */
export interface FakeWhatsAppInbound {
  id: string;
  from: string;
  name: string;
  text: string;
  at: number;
  /** The webhook's payload and its exact bytes (re-sent as they are when the same id is asked again). */
  payload: unknown;
  raw: string;
}

/** One webhook attempt. */
export interface FakeWhatsAppDelivery {
  /** The same for the retries of one delivery. */
  deliveryId: string;
  kind: 'status' | 'message' | 'forged';
  messageId: string | null;
  status: string | null;
  /** 1 for the first try, then 2, 3… for the retries. */
  attempt: number;
  /** The shop's HTTP status; 0 when it could not be reached. */
  answer: number;
  url: string;
  at: number;
  payload: unknown;
}

export interface FakeWhatsAppWebhook {
  url: string | null;
  verifyToken: string | null;
  autoStatuses: boolean;
  retries: number;
  retryDelayMs: number;
  statusDelayMs: number;
}

export interface FakeWhatsAppState {
  business: { wabaId: string; phoneNumberId: string; displayPhoneNumber: string };
  messages: FakeWhatsAppMessage[];
  inbound: FakeWhatsAppInbound[];
  /** wa_id → when that shopper last wrote (ms). */
  lastInbound: Map<string, number>;
  webhookDeliveries: FakeWhatsAppDelivery[];
  templates: FakeWhatsAppTemplate[];
  notOnWhatsApp: Set<string>;
  webhook: FakeWhatsAppWebhook;
  /** The next `times` sends answer `status` (with Graph error `code`); every Graph answer waits `delayMs`. */
  mode: { status: 0 | 429 | 500 | 503; times: number; delayMs: number; code?: number };
  calls: { method: string; path: string; answer: number }[];
  /** Ids of shopper messages the shop marked read. */
  reads: string[];
}

/** The answer of POST /__control/state. */
export interface FakeWhatsAppSnapshot {
  business: FakeWhatsAppState['business'];
  webhook: FakeWhatsAppWebhook;
  mode: FakeWhatsAppState['mode'];
  counts: {
    messages: number;
    templates: number;
    texts: number;
    failed: number;
    inbound: number;
    webhookDeliveries: number;
    refusedDeliveries: number;
    calls: number;
  };
  messages: FakeWhatsAppMessage[];
  inbound: Omit<FakeWhatsAppInbound, 'payload' | 'raw'>[];
  webhookDeliveries: FakeWhatsAppDelivery[];
  notOnWhatsApp: string[];
  reads: string[];
  calls: FakeWhatsAppState['calls'];
}

/** Meta's verification handshake: the shop's answer, and whether it echoed the challenge with a 200. */
export interface FakeWhatsAppVerification {
  status: number | null;
  body: string;
  challenge: string;
  ok: boolean;
}

export interface FakeWhatsApp {
  url: string;
  state: FakeWhatsAppState;
  /** Where webhooks go (null: nowhere) and the verify token the handshake sends. */
  setWebhook(
    url: string | null,
    verifyToken?: string | null,
    options?: Partial<Pick<FakeWhatsAppWebhook, 'autoStatuses' | 'retries' | 'retryDelayMs' | 'statusDelayMs'>>,
  ): FakeWhatsAppWebhook;
  /** A shopper writes: the signed webhook is delivered (with retries); `status` is the shop's HTTP status (null: no target). */
  sendInbound(message: {
    from: string;
    name?: string;
    text: string;
    id?: string;
    hoursAgo?: number;
  }): Promise<{ id: string; status: number | null } | { error: string }>;
  /** A status webhook for a message the fake accepted. */
  sendStatus(options: {
    messageId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    errors?: WhatsAppStatusError[];
    code?: number;
  }): Promise<{ messageId: string; messageStatus: string; status: number | null } | { error: string }>;
  verify(options?: { url?: string; verifyToken?: string }): Promise<FakeWhatsAppVerification>;
  /** Back to a new fake's records, templates and mode (the webhook target stays); pending webhooks are dropped. */
  reset(): void;
  /** Resolves when no webhook is pending (auto statuses included). */
  idle(): Promise<void>;
  /** `sha256=<hex>`: the X-Hub-Signature-256 of a raw body with this fake's app secret. */
  sign(raw: string | Buffer): string;
  close(): Promise<void>;
}

/** `sha256=<hex HMAC-SHA256 of raw with secret>`, as in X-Hub-Signature-256. */
export function signature256(secret: string, raw: string | Buffer): string;

export function startFakeWhatsApp(options?: {
  accessToken?: string;
  appSecret?: string;
  phoneNumberId?: string;
  wabaId?: string;
  displayPhoneNumber?: string;
  webhookUrl?: string | null;
  verifyToken?: string | null;
  autoStatuses?: boolean;
  /** Before each automatic status (ms, default 10). */
  statusDelayMs?: number;
  /** Retries of a webhook the shop does not answer 200 (default 2), `webhookRetryDelayMs` × attempt apart (default 50). */
  webhookRetries?: number;
  webhookRetryDelayMs?: number;
  port?: number;
  host?: string;
}): Promise<FakeWhatsApp>;
