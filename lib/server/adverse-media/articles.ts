import { createHash } from "node:crypto";
import { parse, type CsvError } from "csv-parse/sync";

/*
 * The news corpus the adverse-media check reads: one article per JSON line, or a CSV with a header
 * row. Parsing never stops at a bad line: every rejected line is reported with its number (the
 * line a CSV record starts on) and the good ones are kept.
 */

export interface CorpusArticle {
  /** sha256 (hex) of the link: the same article keeps its id across imports. */
  id: string;
  title: string;
  link: string;
  source: string;
  /** As written in the file (an ISO 8601 date or date-time), or null. */
  published_at: string | null;
  body: string;
  location?: string | null;
}

export interface ArticleParseError {
  line: number;
  message: string;
}

export interface ParsedArticles {
  articles: CorpusArticle[];
  errors: ArticleParseError[];
}

export const MAX_BODY_CHARS = 100_000;
export const CSV_COLUMNS = ["title", "link", "source", "published_at", "body", "location"] as const;
const REQUIRED_CSV_COLUMNS = CSV_COLUMNS.slice(0, 5);
const FIELDS = new Set<string>(CSV_COLUMNS);

/** An article's id: the sha256 (hex) of its link. */
export const articleId = (link: string): string => createHash("sha256").update(link).digest("hex");

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function validIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  // Date.UTC rolls 2024-02-30 over to March: a real date reads back the same.
  return date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d) && Number(h) < 24 && Number(mi) < 60 && Number(s) < 60;
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** One record's fields (strings, or null/undefined when absent) → an article, or why not. */
function toArticle(fields: Record<string, unknown>): CorpusArticle | string {
  for (const [key, value] of Object.entries(fields)) {
    if (!FIELDS.has(key) || value === null || value === undefined) continue;
    if (typeof value !== "string") return `${key} must be a string`;
    if (value.includes("\u0000")) return `${key} contains a NUL character (U+0000)`;
  }
  const text = (key: string) => ((fields[key] as string | null | undefined) ?? "").trim();
  for (const key of ["title", "link", "body"]) if (!text(key)) return `${key} is required`;
  const link = text("link");
  if (!httpUrl(link)) return `link "${link.slice(0, 100)}" must be an http(s) URL`;
  const body = text("body");
  if (body.length > MAX_BODY_CHARS) return `body is ${body.length} characters long (at most ${MAX_BODY_CHARS})`;
  const published = text("published_at");
  if (published && !validIsoDate(published))
    return `published_at "${published.slice(0, 40)}" must be an ISO 8601 date (YYYY-MM-DD or a date-time)`;
  return {
    id: articleId(link),
    title: text("title"),
    link,
    // A feed without a source column is still usable: the outlet is the link's host.
    source: text("source") || new URL(link).hostname,
    published_at: published || null,
    body,
    location: text("location") || null,
  };
}

/** Adds an article unless its link (hence its id) was already seen. */
function collector() {
  const result: ParsedArticles = { articles: [], errors: [] };
  const lineOfId = new Map<string, number>();
  return {
    result,
    add(line: number, article: CorpusArticle | string) {
      if (typeof article === "string") return void result.errors.push({ line, message: article });
      const first = lineOfId.get(article.id);
      if (first !== undefined) return void result.errors.push({ line, message: `duplicate link (first on line ${first})` });
      lineOfId.set(article.id, line);
      result.articles.push(article);
    },
  };
}

/** One JSON object per line; blank lines are skipped. */
export function parseArticlesJsonl(text: string): ParsedArticles {
  const { result, add } = collector();
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    if (raw.includes("\u0000")) return add(line, "the line contains a NUL character (U+0000)");
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return add(line, `not valid JSON: ${(error as Error).message}`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return add(line, "the line must be a JSON object");
    add(line, toArticle(value as Record<string, unknown>));
  });
  return result;
}

/** The line a record starts on: csv-parse counts lines to the record's end, its raw text includes the blank lines before it. */
function startLine(endLine: number, raw: string): number {
  const record = raw.replace(/^(?:\r?\n)+/, "").replace(/\r?\n$/, "");
  return endLine - (record.match(/\n/g)?.length ?? 0);
}

/**
 * RFC 4180 CSV with a header row naming the columns (any order): title, link, source,
 * published_at, body and, optionally, location. A header with a missing or unknown column rejects
 * the file (reported on line 1).
 */
export function parseArticlesCsv(text: string): ParsedArticles {
  const { result, add } = collector();
  // With info and raw, each record comes wrapped with its line count (csv-parse's types do not follow the options).
  const records = parse(text, {
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    // csv-parse's errors carry the line count, which its types leave out.
    on_skip: (error: CsvError | undefined, raw: string | undefined) => {
      if (error) add(startLine((error as CsvError & { lines: number }).lines, raw ?? ""), `not valid CSV: ${error.message}`);
      return undefined;
    },
  }) as unknown as { record: string[]; raw: string; info: { lines: number } }[];
  const [header, ...rows] = records;
  if (!header) {
    add(1, "the file is empty (a header row is needed)");
    return result;
  }
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !FIELDS.has(name));
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !columns.includes(name));
  if (unknown.length || missing.length) {
    const problems = [
      unknown.length ? `unknown column(s): ${unknown.join(", ")}` : "",
      missing.length ? `missing column(s): ${missing.join(", ")}` : "",
    ];
    return {
      articles: [],
      errors: [{ line: startLine(header.info.lines, header.raw), message: problems.filter(Boolean).join("; ") }, ...result.errors],
    };
  }
  for (const { record, raw, info } of rows) {
    const line = startLine(info.lines, raw);
    if (record.length !== columns.length) {
      add(line, `expected ${columns.length} fields, found ${record.length}`);
      continue;
    }
    add(line, toArticle(Object.fromEntries(columns.map((name, i) => [name, record[i]]))));
  }
  // csv-parse reports skipped records as it meets them, before the good ones are added.
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
