// The sandbox's canned answers never change: their JSON is computed once, not per request
// (serialising a full verification record was most of a canned read's cost).
const serialized = new WeakMap<object, string>();

export const JSON_HEADERS = { "content-type": "application/json" } as const;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Freezes immutable data and remembers its JSON. */
export function cacheJson<T extends object>(value: T): T {
  deepFreeze(value);
  serialized.set(value, JSON.stringify(value));
  return value;
}

/** The remembered JSON of a value passed to cacheJson, if any. */
export function cachedJson(value: unknown): string | undefined {
  return typeof value === "object" && value !== null ? serialized.get(value) : undefined;
}
