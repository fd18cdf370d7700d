import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";
import { normalizeText } from "./matching/normalize";

/*
 * Country names as the lists write them ("Russia", "Korea, North", "Iran (Islamic Republic of)",
 * "Democratic People's Republic of Korea") → ISO 3166-1 alpha-2, lower case. The English names of
 * i18n-iso-countries (with their alternatives) plus the lists' own spellings that it lacks.
 */

const LIST_SPELLINGS: Record<string, string> = {
  syria: "sy",
  burma: "mm",
  "viet nam": "vn",
  "korea north": "kp",
  "north korea": "kp",
  "democratic peoples republic of korea": "kp",
  "korea democratic peoples republic of": "kp",
  dprk: "kp",
  "korea south": "kr",
  "republic of korea": "kr",
  "south korea": "kr",
  "west bank": "ps",
  gaza: "ps",
  "gaza strip": "ps",
  palestinian: "ps",
  "state of palestine": "ps",
  crimea: "ua",
  chechnya: "ru",
  "united kingdom of great britain and northern ireland": "gb",
  "great britain": "gb",
  england: "gb",
  "bolivarian republic of venezuela": "ve",
  "congo democratic republic of the": "cd",
  "congo republic of the": "cg",
  "ivory coast": "ci",
  "cote divoire": "ci",
  "lao peoples democratic republic": "la",
  laos: "la",
  "russian federation": "ru",
  "united states of america": "us",
  usa: "us",
  "soviet union": "ru",
  ussr: "ru",
};

let table: Map<string, string> | null = null;

function lookup(): Map<string, string> {
  if (table) return table;
  countries.registerLocale(en);
  const map = new Map<string, string>();
  const all = countries.getNames("en", { select: "all" }) as Record<string, string[]>;
  for (const [code, names] of Object.entries(all)) {
    for (const name of names) map.set(normalizeText(name), code.toLowerCase());
  }
  for (const [name, code] of Object.entries(LIST_SPELLINGS)) map.set(name, code);
  table = map;
  return map;
}

/** ISO alpha-2 (lower case) for a code or a country name; null when unknown. */
export function toCountryCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toLowerCase();
  const map = lookup();
  const plain = normalizeText(trimmed.replace(/\(.*?\)/g, " "));
  const candidates = [normalizeText(trimmed), plain];
  // "Korea, North" / "Congo, Democratic Republic of the": the list's inverted form.
  const comma = trimmed.indexOf(",");
  if (comma > 0) candidates.push(normalizeText(`${trimmed.slice(comma + 1)} ${trimmed.slice(0, comma)}`));
  for (const candidate of candidates) {
    const code = map.get(candidate);
    if (code) return code;
  }
  return null;
}
