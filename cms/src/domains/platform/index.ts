/**
 * The platform domain (secrets, rate limits, errors, shutdown, start-up lock, database helpers, health and go-live checklist): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { answerMalformedRequestsInSpanish } from './client-error';
export { keepConnectionsOpen } from './keep-alive';
export { tableColumn } from './db';
export { installGracefulShutdown } from './graceful-shutdown';
export { clientKey, consume, redis, refund, refuseWhenBlocked } from './rate-limit';
export { mailSettings, MAX_RETRY_DELAY_MS, nodemailerOptions, retryDelayMs, SEND_LEASE_MS, type MailSettings } from './mail-settings';
export {
  DEFAULT_MERCADOPAGO_API_URL,
  mercadoPagoConfig,
  mercadoPagoReady,
  shopServices,
  type MercadoPagoConfig,
} from './mercadopago-settings';
export { openSecret, sealSecret } from './sealed-secrets';
export { ensureSecrets, isProduction, secret, secretsFile } from './secrets';
export { corsOrigins, shopSecurityConfig } from './security-policy';
export { keepSqliteStatistics, stopSqliteStatistics } from './sqlite-statistics';
export { releaseStartupLock, takeStartupLock } from './startup-lock';
export { collectPdf } from './pdf-collect';
export { onFirstUse } from './on-first-use';
export { pdfKit, TICKET_INNER, TICKET_MARGIN, TICKET_WIDTH, ticketPdf } from './pdf-ticket';
