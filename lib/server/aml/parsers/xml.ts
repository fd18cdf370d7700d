import { XMLParser } from "fast-xml-parser";

/** Reads a list's XML: namespaces dropped, text kept as text, the named tags always arrays. */
export function parseListXml(text: string, arrayTags: readonly string[]): Record<string, unknown> {
  const arrays = new Set(arrayTags);
  const parser = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(text) as Record<string, unknown>;
}

export type XmlNode = Record<string, unknown>;

/** A child's text ("" when absent or empty). */
export function textOf(node: unknown, key: string): string {
  if (!node || typeof node !== "object") return "";
  const value = (node as XmlNode)[key];
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return "";
}

/** The child elements under `key` (always a list). */
export function listOf(node: unknown, key: string): XmlNode[] {
  if (!node || typeof node !== "object") return [];
  const value = (node as XmlNode)[key];
  if (Array.isArray(value)) return value.filter((v): v is XmlNode => !!v && typeof v === "object");
  return value && typeof value === "object" ? [value as XmlNode] : [];
}

/** Text values under `key` (a repeated leaf, e.g. <VALUE>a</VALUE><VALUE>b</VALUE>). */
export function textsOf(node: unknown, key: string): string[] {
  if (!node || typeof node !== "object") return [];
  const value = (node as XmlNode)[key];
  const items = Array.isArray(value) ? value : [value];
  return items.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim());
}
