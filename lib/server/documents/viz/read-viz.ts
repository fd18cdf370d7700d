import type { OcrLine } from "../ocr/learned-ocr";

/*
 * The printed (visual) zone of a passport or ID card, read from the learned OCR's lines: the
 * fields the layout labels ("Surname/Nom", "Given names/Prénoms", "Date of birth", "Passport No",
 * "Date of expiry", in the languages documents print them), each value taken from the text after
 * its label in the same box, else the box to its right, else the box below it (a bilingual label's
 * second line skipped). Nothing is guessed: a label not read, a value not found, or a value the
 * layout leaves ambiguous (a box under two labels that both take a name) is simply not returned.
 */

export type VizField = "last_name" | "first_name" | "full_name" | "date_of_birth" | "document_number" | "expiration_date";
type Kind = "name" | "date" | "number" | "other";

export interface VizValue {
  field: VizField;
  /** The value as printed (the date or number token, or the name's words). */
  text: string;
  /** The OCR's confidence in the box the value came from, 0–1. */
  score: number;
}

interface Box {
  text: string;
  score: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  h: number;
  hits: Hit[];
}

interface Hit {
  key: string;
  field: VizField | null;
  kind: Kind;
  /** Where the label ends in the box's text (a value may follow it in the same box). */
  end: number;
  /** Where it starts, in the box's text (orders two labels in one box). */
  start: number;
}

interface LabelKey {
  key: string;
  field: VizField | null;
  kind: Kind;
  /** Short keys must stand as a word of their own ("nom", not the "nom" of "prénom"). */
  word?: boolean;
}

// Keys are the label's letters without spaces or accents, lower case.
const KEYS: LabelKey[] = [
  ...[
    "surname",
    "nachname",
    "familienname",
    "apellidos",
    "apellido",
    "cognome",
    "achternaam",
    "nazwisko",
    "perekonnanimi",
    "efternamn",
    "etternavn",
    "efternavn",
    "sukunimi",
    "primaryidentifier",
    "identifiantprimaire",
    "priimek",
    "prijmeni",
    "vezeteknev",
  ].map((key) => ({ key, field: "last_name" as const, kind: "name" as const })),
  { key: "nom", field: "last_name", kind: "name", word: true },
  { key: "nombres", field: "first_name", kind: "name", word: true },
  ...[
    "givennames",
    "givenname",
    "forenames",
    "forename",
    "prenoms",
    "prenom",
    "vornamen",
    "vorname",
    "voornamen",
    "imiona",
    "eesnimed",
    "fornavn",
    "fornamn",
    "etunimet",
    "secondaryidentifier",
    "identifiantsecondaire",
    "jmena",
    "utonev",
  ].map((key) => ({ key, field: "first_name" as const, kind: "name" as const })),
  { key: "name", field: "full_name", kind: "name", word: true },
  { key: "nomi", field: "first_name", kind: "name", word: true },
  { key: "nome", field: "first_name", kind: "name", word: true },
  ...[
    "dateofbirth",
    "birthdate",
    "datedenaissance",
    "geburtsdatum",
    "fechadenacimiento",
    "datadinascita",
    "geboortedatum",
    "sunniaeg",
    "dataurodzenia",
    "fodelsedatum",
    "fodselsdato",
    "syntymaaika",
    "datumnarozeni",
    "szuletesiido",
  ].map((key) => ({ key, field: "date_of_birth" as const, kind: "date" as const })),
  { key: "neele", field: "date_of_birth", kind: "date", word: true },
  { key: "nele", field: "date_of_birth", kind: "date", word: true },
  ...[
    "passportno",
    "passportnumber",
    "documentno",
    "documentnumber",
    "documentnr",
    "docno",
    "ndudoc",
    "numerodedocument",
    "ndepasseport",
    "numerodepasseport",
    "reisepassnr",
    "dokumentnummer",
    "passnr",
    "pasnr",
    "dokumendinr",
    "cartenationaledidentiten",
    "numerodudocument",
    "numerodocumento",
    "numerodepasaporte",
    "cardno",
    "cardnumber",
  ].map((key) => ({ key, field: "document_number" as const, kind: "number" as const })),
  ...[
    "dateofexpiry",
    "expirydate",
    "expiry",
    "expiration",
    "dexpiration",
    "validuntil",
    "validejusquau",
    "gultigbis",
    "fechadecaducidad",
    "datadiscadenza",
    "kehtivkuni",
    "vervaldatum",
    "waznydo",
    "utlopsdato",
    "giltigtill",
    "platnostdo",
    "ervenyes",
  ].map((key) => ({ key, field: "expiration_date" as const, kind: "date" as const })),
  // Labels of fields not compared: they mark a box as a label, and a date or number column as another's.
  ...[
    "dateofissue",
    "datededelivrance",
    "issuedate",
    "ausstellungsdatum",
    "datumderausstellung",
    "dateofissuance",
    "valjaantud",
    "validfrom",
  ].map((key) => ({ key, field: null, kind: "date" as const })),
  ...["personalno", "npersonnel", "personalnumber", "isikukood", "identifiantpersonnel"].map((key) => ({
    key,
    field: null,
    kind: "number" as const,
  })),
  ...[
    "nationality",
    "nationalite",
    "staatsangehorigkeit",
    "citizenship",
    "kodakondsus",
    "placeofbirth",
    "lieudenaissance",
    "geburtsort",
    "authority",
    "autorite",
    "behorde",
    "issuingauthority",
    "profession",
    "signature",
    "holderssignature",
    "countrycode",
    "codedupays",
    "height",
    "taille",
    "residence",
    "domicile",
    "sexe",
    "geschlecht",
    "colourofeyes",
    "typetype",
  ].map((key) => ({ key, field: null, kind: "other" as const })),
  ...["sex", "type"].map((key) => ({ key, field: null, kind: "other" as const, word: true })),
];

/** Lower-case letters only, accents off, with each letter's index in the original text. */
function letters(text: string): { norm: string; at: number[] } {
  let norm = "";
  const at: number[] = [];
  [...text].forEach((c, i) => {
    const base = c.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (const b of base) {
      if (b >= "a" && b <= "z") {
        norm += b;
        at.push(i);
      }
    }
  });
  return { norm, at };
}

/**
 * Where `key` occurs in `text` with at most `edits` letters changed, added or dropped (Sellers'
 * approximate substring match): OCR reads "Dale of Birth" and "Surmame". [start, end) or null.
 */
function approximateFind(text: string, key: string, edits: number): [number, number] | null {
  const m = key.length;
  let prev = Array.from({ length: m + 1 }, (_, i) => i);
  let prevStart = new Array<number>(m + 1).fill(0);
  let best: [number, number] | null = null;
  let bestCost = edits + 1;
  for (let j = 1; j <= text.length; j++) {
    const cur = [0];
    const curStart = [j];
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1]! + (key[i - 1] === text[j - 1] ? 0 : 1);
      const del = prev[i]! + 1;
      const ins = cur[i - 1]! + 1;
      const v = Math.min(sub, del, ins);
      cur.push(v);
      curStart.push(v === sub ? prevStart[i - 1]! : v === del ? prevStart[i]! : curStart[i - 1]!);
    }
    if (cur[m]! < bestCost) {
      bestCost = cur[m]!;
      best = [curStart[m]!, j];
    }
    prev = cur;
    prevStart = curStart;
  }
  return best;
}

function labelHits(text: string): Hit[] {
  const { norm, at } = letters(text);
  const lower = text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const hits: (Hit & { len: number })[] = [];
  for (const k of KEYS) {
    let span: [number, number] | null = null;
    if (k.word) {
      const m = new RegExp(`(^|[^a-z])${k.key}(?![a-z])`).exec(lower);
      if (m) span = [m.index + m[1]!.length, m.index + m[1]!.length + k.key.length];
      if (span) {
        hits.push({ key: k.key, field: k.field, kind: k.kind, start: span[0], end: span[1], len: k.key.length });
      }
      continue;
    }
    const edits = k.key.length >= 10 ? 2 : k.key.length >= 6 ? 1 : 0;
    span = approximateFind(norm, k.key, edits);
    if (span) hits.push({ key: k.key, field: k.field, kind: k.kind, start: at[span[0]]!, end: at[span[1] - 1]! + 1, len: k.key.length });
  }
  // A longer key that covers a shorter one wins ("surname" over "name", "prenom" over "nom").
  let kept = hits.filter((h) => !hits.some((o) => o !== h && o.len > h.len && o.start <= h.start && o.end >= h.end));
  // "Name/Nom": the French word translates "Name" (the whole name), not "Surname".
  if (kept.some((h) => h.field === "full_name")) kept = kept.filter((h) => h.key !== "nom");
  // The same field found twice in one box (bilingual "Surname/Nom") counts once, at its first place.
  const out: Hit[] = [];
  for (const h of kept.sort((a, b) => a.start - b.start)) {
    if (!out.some((o) => o.field === h.field && o.kind === h.kind && (h.field !== null || o.end >= h.start)))
      out.push({ key: h.key, field: h.field, kind: h.kind, start: h.start, end: h.end });
    else {
      const same = out.find((o) => o.field === h.field && o.kind === h.kind)!;
      same.end = Math.max(same.end, h.end);
    }
  }
  return out;
}

/** Lines as boxes turned upright by the page's text angle (the median slope of the wider lines). */
function toBoxes(lines: OcrLine[]): Box[] {
  const parts = lines.flatMap((l) => {
    const p = (l as OcrLine & { parts?: OcrLine[] }).parts;
    return p?.length ? p : [l];
  });
  const slopes = parts
    .filter(
      (l) =>
        Math.hypot(l.box[1][0] - l.box[0][0], l.box[1][1] - l.box[0][1]) >=
        3 * Math.hypot(l.box[3][0] - l.box[0][0], l.box[3][1] - l.box[0][1]),
    )
    .map((l) => Math.atan2(l.box[1][1] - l.box[0][1], l.box[1][0] - l.box[0][0]))
    .sort((a, b) => a - b);
  const angle = slopes.length ? slopes[slopes.length >> 1]! : 0;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return parts
    .filter((l) => l.text.trim())
    .map((l) => {
      const xs = l.box.map(([x, y]) => x * cos + y * sin);
      const ys = l.box.map(([x, y]) => -x * sin + y * cos);
      const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
      return {
        text: l.text.trim(),
        score: l.score,
        x0: Math.min(...xs),
        x1: Math.max(...xs),
        y0,
        y1,
        h: Math.max(1, y1 - y0),
        hits: labelHits(l.text),
      };
    });
}

// Values by kind.
const DATE_TOKEN =
  /\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?(?:\d{4}|\d{2})(?!\d)|\d{1,2}\s*[A-Za-zÀ-ÿ]{3,9}\.?(?:\s*\/\s*[A-Za-zÀ-ÿ]{3,9}\.?)?\s*(?:\d{4}|\d{2})(?!\d)/g;
/** A number as printed: letters and digits, in groups joined by hyphens (Belgium's 590-3358014-85), 5–16 of them. */
const NUMBER_TOKEN = /(?<![A-Za-z0-9-])[A-Z0-9]+(?:-[A-Z0-9]+)*(?![A-Za-z0-9-])/g;

const IS_DATE = new RegExp(`^(?:${DATE_TOKEN.source})$`);

function valuesOfKind(text: string, kind: Kind): string[] {
  if (kind === "date") {
    // O read for 0 between digits ("2O12").
    const mended = text.replace(/(?<=\d)[Oo](?=\d)/g, "0");
    return [...mended.matchAll(DATE_TOKEN)].map((m) => m[0].trim());
  }
  if (kind === "number") {
    return [...text.toUpperCase().matchAll(NUMBER_TOKEN)]
      .map((m) => m[0])
      .filter((t) => {
        const chars = t.replace(/-/g, "").length;
        return chars >= 5 && chars <= 16 && (t.match(/\d/g)?.length ?? 0) >= 3 && !IS_DATE.test(t);
      });
  }
  if (kind === "name") {
    const cleaned = text.replace(/^[\s:.,/\-–]+|[\s:.]+$/g, "");
    // Letters, spaces, hyphens, apostrophes, and a comma between surname and given names.
    if (!/^\p{L}[\p{L}\s'’,-]*$/u.test(cleaned) || letters(cleaned).norm.length < 2) return [];
    // No capital at all: the rest of a label (labels are written in lower case, printed names are
    // not): "Surname / Nom" read as "Surnameom" leaves "om" after the label, no one's name.
    if (!/\p{Lu}/u.test(cleaned)) return [];
    return labelFragment(cleaned) ? [] : [cleaned];
  }
  return [];
}

/**
 * A piece of a label the OCR cut short or misread ("Pren", "Preng" of "Prénoms" on a line of its
 * own, or "Pr"): written in lower case, as labels are and printed names are not, and starting as
 * a label word starts (its first two or three letters). Such a box is no one's name; the field
 * goes uncompared rather than read wrong.
 */
function labelFragment(text: string): boolean {
  if (!/\p{Ll}/u.test(text)) return false;
  const start = letters(text).norm.slice(0, 3);
  return start.length >= 2 && KEYS.some((k) => k.key.startsWith(start));
}

/** Boxes share a column when they overlap by a fifth of the narrower one. */
const overlaps = (a: Box, b: { x0: number; x1: number }) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.2 * Math.min(a.x1 - a.x0, b.x1 - b.x0);
const sameRow = (a: Box, b: Box) => Math.abs((a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2) < 0.5 * Math.min(a.h, b.h);

/**
 * The value row below `label`: the nearest unlabelled boxes under it, across a second line of the
 * same label. A row with unlabelled text between it and the label, in its own column, is the value
 * of something else (a label whose first word the OCR lost starts further right than its value:
 * "e/Nom (1)" over "SUN" over "QIANG", the surname's box too far left to count as under it, the
 * given name under that): no row, and the field goes uncompared rather than read from the next one.
 */
function rowBelow(boxes: Box[], label: Box, field: VizField): Box[] {
  const top = label.y0 + 0.5 * label.h;
  const under = boxes
    .filter((b) => b !== label && b.y0 >= top && b.y0 <= label.y1 + 3 * label.h && overlaps(b, label))
    .sort((a, b) => a.y0 - b.y0);
  for (const b of under) {
    if (!b.hits.length) {
      const between = boxes.some(
        (o) => o !== label && !o.hits.length && o.y0 >= top && o.y1 <= b.y0 + 0.5 * b.h && !sameRow(o, b) && overlaps(o, b),
      );
      if (between) return [];
      return under.filter((o) => !o.hits.length && sameRow(o, b)).sort((x, y) => x.x0 - y.x0);
    }
    // Another label's line ends the search; this label's own second line (its other language) does not.
    if (!b.hits.every((h) => h.field === field || (field === "full_name" && h.kind === "name"))) return [];
  }
  return [];
}

/** The value box right of `label` on its row, if no other label comes first. */
function boxRight(boxes: Box[], label: Box): Box | null {
  const right = boxes
    .filter((b) => b !== label && sameRow(b, label) && b.x0 >= label.x1 - 0.2 * label.h && b.x0 - label.x1 < 6 * label.h)
    .sort((a, b) => a.x0 - b.x0)[0];
  return right && !right.hits.length ? right : null;
}

/** Reads the labelled fields of a printed zone. A field may come back more than once (read from two labels). */
export function readVisualZone(lines: OcrLine[]): VizValue[] {
  const boxes = toBoxes(lines);
  const labels = boxes.filter((b) => b.hits.length);
  const out: VizValue[] = [];
  for (const label of labels) {
    const hasSurname = label.hits.some((h) => h.field === "last_name");
    const hasGiven = label.hits.some((h) => h.field === "first_name");
    for (const hit of label.hits) {
      if (!hit.field) continue;
      // "Surname / Given names" in one label: one value holds both, read once.
      if (hasSurname && hasGiven && hit.field === "first_name") continue;
      const field: VizField = hit.kind === "name" && hasSurname && hasGiven ? "full_name" : hit.field;
      // The labels of this field's kind on the label's row, left to right (a value box under two
      // date labels holds two dates, in the same order).
      const rowHits = labels
        .filter((l) => l === label || sameRow(l, label))
        .sort((a, b) => a.x0 - b.x0)
        .flatMap((l) => l.hits.filter((h) => h.kind === hit.kind).map((h) => ({ box: l, hit: h })));
      const value = findValue(boxes, label, hit, field, rowHits);
      if (value) out.push({ field, ...value });
    }
  }
  return out;
}

type Found = { text: string; score: number } | null;

function findValue(boxes: Box[], label: Box, hit: Hit, field: VizField, rowHits: { box: Box; hit: Hit }[]): Found {
  // In the label's own box, after the label and before any other ("Nom: BERTHIER", "Né(e) le: 06.12.1965").
  const next = label.hits.filter((h) => h.start >= hit.end).map((h) => h.start);
  const tail = label.text
    .slice(hit.end, next.length ? Math.min(...next) : undefined)
    .replace(/^\s*\(\d+\)/, "")
    .replace(/^[^\p{L}\d]+/u, "");
  if (tail && !labelHits(tail).length) {
    const inBox = valuesOfKind(tail, hit.kind);
    if (inBox.length === 1) return { text: inBox[0]!, score: label.score };
  }
  // The box to its right on the same row (a label beside its value).
  const right = boxRight(boxes, label);
  if (right && (hit.kind !== "name" || label.hits.length === 1)) {
    const vals = valuesOfKind(right.text, hit.kind);
    if (vals.length === 1) return { text: vals[0]!, score: right.score };
  }
  // The row below it (a label over its value).
  const row = rowBelow(boxes, label, field);
  if (!row.length) return null;
  if (hit.kind === "name") {
    // A name only from one box under name labels alone: never a box shared with another column.
    const below = row.length === 1 ? row[0]! : null;
    const vals = below ? valuesOfKind(below.text, "name") : [];
    const others = boxes.filter((b) => b !== label && b.hits.length && sameRow(b, label) && below && overlaps(below, b));
    if (
      !below ||
      label.hits.some((h) => h.kind !== "name") ||
      others.some((b) => b.hits.some((h) => h.kind !== "name")) ||
      vals.length !== 1
    )
      return null;
    return { text: vals[0]!, score: below.score };
  }
  const found = row.flatMap((b) => valuesOfKind(b.text, hit.kind).map((text) => ({ text, score: b.score, box: b })));
  const span = { x0: Math.min(...row.map((b) => b.x0)), x1: Math.max(...row.map((b) => b.x1)) };
  // The labels of this kind over the row, left to right, the same field's two languages once: the values' share is by order.
  const overRow = (r: { box: Box }) => overlaps(r.box, span);
  const over = rowHits.filter(
    (r, i) => overRow(r) && !rowHits.slice(0, i).some((o) => o.hit.field === r.hit.field && r.hit.field !== null && overRow(o)),
  );
  const index = over.findIndex((r) => r.hit === hit || (r.hit.field === hit.field && hit.field !== null));
  const value = found.length === over.length && index >= 0 ? found[index] : found.length === 1 && over.length <= 1 ? found[0] : undefined;
  return value ? { text: value.text, score: value.score } : null;
}
