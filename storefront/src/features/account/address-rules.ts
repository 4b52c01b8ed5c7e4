import { ACCOUNT_LIMITS, type AccountAddress } from '@shop/shared';

/** A new address's id, made by the browser (the server keeps it as is). */
export function newAddressId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `dir-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const fold = (text: string | undefined) => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
const PARTS = ['fullName', 'phone', 'address', 'city', 'postalCode'] as const;

/** Two addresses are the same when the parts that deliver it match (case and spaces aside). */
export function sameAddress(a: Partial<AccountAddress>, b: Partial<AccountAddress>): boolean {
  return PARTS.every((part) => fold(a[part]) === fold(b[part]));
}

/** The list with this address added, or null when it is full or already holds the same address. */
export function withAddress(list: readonly AccountAddress[], address: AccountAddress): AccountAddress[] | null {
  if (list.length >= ACCOUNT_LIMITS.addresses || list.some((saved) => sameAddress(saved, address))) return null;
  return [...list, address];
}

/** How an address is named in lists and choices: its label, else its street. */
export function addressName(address: AccountAddress): string {
  return address.label?.trim() || address.address?.trim() || 'Dirección sin nombre';
}

/** The address on one line (street, city, postal code). */
export function addressLine(address: AccountAddress): string {
  return [address.address, address.city, address.postalCode ? `CP ${address.postalCode}` : ''].filter((p) => p && p.trim()).join(', ');
}
