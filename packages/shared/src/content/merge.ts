/**
 * The rule for partial updates of a stored document (PUT /api/content): plain objects are merged key by key,
 * at any depth; anything else the patch holds (arrays, strings, numbers, booleans, null) replaces what was stored.
 * So a body that sends only `hero` keeps every other section, and a list that is sent is the whole new list.
 * Pure: neither argument is modified. Keys that could reach an object's prototype are ignored.
 */

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function cloneValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneValue);
  if (isPlainObject(value)) return deepMerge({}, value);
  return value;
}

export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return cloneValue(patch);
  if (!isPlainObject(base)) return deepMerge({}, patch);
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    if (!FORBIDDEN_KEYS.has(key)) merged[key] = cloneValue(value);
  }
  for (const [key, value] of Object.entries(patch)) {
    if (FORBIDDEN_KEYS.has(key) || value === undefined) continue;
    merged[key] = Object.prototype.hasOwnProperty.call(merged, key) ? deepMerge(merged[key], value) : cloneValue(value);
  }
  return merged;
}
