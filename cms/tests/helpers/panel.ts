import { inject } from 'vitest';
import { TEST_ADMIN } from './strapi-process';

export interface PanelAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Calls Strapi's own panel API (the routes its /cms screens use: /admin/login, /content-manager/...) over real HTTP,
 * with the panel's bearer token when given.
 */
export async function panel(
  pathname: string,
  init: { method?: string; body?: unknown; token?: string | null; baseUrl?: string } = {},
): Promise<PanelAnswer> {
  const res = await fetch(`${init.baseUrl ?? inject('baseUrl')}${pathname}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // keep the text
  }
  return { status: res.status, body };
}

/** A panel session of the developer account (the super-admin the shop creates at its first start). */
export async function panelToken(baseUrl?: string): Promise<string> {
  const login = await panel('/admin/login', { body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password }, baseUrl });
  if (login.status !== 200) throw new Error(`panel login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.data.token;
}

/** The content-manager route of one document of a collection type. */
export const documentPath = (uid: string, documentId = '') =>
  `/content-manager/collection-types/${uid}${documentId ? `/${documentId}` : ''}`;
