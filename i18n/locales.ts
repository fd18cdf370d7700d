// Pure locale negotiation for the hosted flow: no Next imports, so tests and client code can use it.

export const LOCALES = ["en", "cy"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie (and query parameter) that remembers the person's choice of language. */
export const LOCALE_COOKIE = "lang";
/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", cy: "Cymraeg" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** "cy-GB" → "cy"; anything unknown → null. */
function toLocale(tag: string | null | undefined): Locale | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** Accept-Language's tags, best first (q-values honoured, q=0 dropped, ties keep their order). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * The language to show: an explicit `?lang=` wins, then the `lang` cookie (the switcher's choice),
 * then the browser's Accept-Language, then English.
 */
export function negotiateLocale(input: {
  query?: string | string[] | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  const query = Array.isArray(input.query) ? input.query[0] : input.query;
  const fromQuery = toLocale(query);
  if (fromQuery) return fromQuery;
  const fromCookie = toLocale(input.cookie);
  if (fromCookie) return fromCookie;
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const locale = toLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
