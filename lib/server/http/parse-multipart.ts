/*
 * multipart/form-data (RFC 7578 over RFC 2046) parsed from a whole body in memory: the one parser
 * of every upload route, the API under Node (multipart.ts), the API without a socket and the
 * hosted upload routes (read-web-multipart.ts). busboy, which this replaced, was the largest
 * single cost of a sandbox risk request (~14 % of its CPU, issue 14): a streaming state machine
 * that looks at every byte in JavaScript. The body is already bounded (the route's size limit,
 * 11 MB for risk) and busboy buffered every file whole anyway, so here the body is collected
 * first and cut with Buffer#indexOf (native) at each delimiter; only part headers are read byte
 * by byte. @fastify/busboy (undici's) was measured against it and is not used: ~35 µs more CPU
 * per sandbox risk request, about 14 % of that request (issue 27; tests/bench/multipart-parsers.ts,
 * figures in docs/ARCHITECTURE.md).
 *
 * What it accepts is what busboy accepts, or less (tests/unit/server/parse-multipart.test.ts
 * checks both on generated forms, their truncations and random mutations). Refused whole, where
 * busboy skipped or truncated silently: a malformed part header or Content-Disposition, a
 * form-data part without a name, anything but "--" or CRLF right after a delimiter (so a boundary
 * inside a part's content), more than MAX_PARTS parts, and a header block past MAX_HEADER_BYTES.
 * Refused where busboy would decode: a field or parameter charset other than UTF-8, its Latin-1
 * names, UTF-16LE and base64 (busboy hands any other, shift_jis included, to TextDecoder; no form
 * of ours sends one). As for busboy: a missing close delimiter or an empty header block is
 * malformed; parts that are not form-data, or carry no Content-Disposition, are skipped; a part is
 * a file when it has a non-empty filename (filename* first, reduced to its base name) or the type
 * application/octet-stream; a field's bytes are decoded with its charset (UTF-8 by default) and
 * header parameters as UTF-8 (busboy's defParamCharset); a Content-Type that does not parse
 * leaves text/plain.
 */

export class MalformedMultipart extends Error {}
/** The body went past the route's limit while it was read (multipart.ts, read-web-multipart.ts). */
export class TooLarge extends Error {}

/** Parts a form may have (the risk form has 11 fields); more is refused rather than parsed. */
export const MAX_PARTS = 1000;
/** A part's header block at most (busboy's and Node's limit for headers), and its lines. */
export const MAX_HEADER_BYTES = 16 * 1024;
const MAX_HEADER_LINES = 2000;

const CR = 13;
const LF = 10;
const DASH = 45;
const SP = 32;
const HT = 9;
const CRLF_CRLF = Buffer.from("\r\n\r\n", "latin1");

/** A byte table: 1 for each of `chars`. */
function byteSet(chars: string): Uint8Array {
  const table = new Uint8Array(256);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return table;
}
const ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** RFC 7230 tchar. */
const TOKEN = byteSet(`!#$%&'*+-.^_\`|~${ALNUM}`);
/** A header value's bytes: visible ASCII, obs-text, space and tab. */
const FIELD_VCHAR = new Uint8Array(256).fill(1, 0x20, 0x7f).fill(1, 0x80, 0x100);
FIELD_VCHAR[HT] = 1;
/** A charset name's characters in an extended parameter (busboy's set). */
const CHARSET_CHAR = byteSet(`!#$%&+-^_\`{}~${ALNUM}`);
/** RFC 5987 attr-char, the unencoded bytes of an extended parameter value. */
const ATTR_CHAR = byteSet(`!#$&+-.^_\`|~${ALNUM}`);

/**
 * The boundary of a multipart/form-data Content-Type (quoted or not), or null when it has none
 * or one RFC 2046 does not allow (1–70 characters of its set, not ending in a space).
 */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s"]*))\s*(?:;|$)/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 70 || !/^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)) return null;
  return boundary;
}

/** The form in `body`, delimited by `boundary`; throws MalformedMultipart when it is not one. */
export function parseMultipart(body: Buffer, boundary: string): FormData {
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const form = new FormData();
  // The first delimiter may open the body without its CRLF; anything before it is preamble.
  let pos: number;
  if (body.length >= delimiter.length - 2 && body.toString("latin1", 0, delimiter.length - 2) === `--${boundary}`) {
    pos = delimiter.length - 2;
  } else {
    const first = body.indexOf(delimiter);
    if (first < 0) throw new MalformedMultipart("no delimiter");
    pos = first + delimiter.length;
  }
  for (let parts = 0; ; parts++) {
    // After a delimiter: "--" closes the form (the epilogue is ignored), else CRLF and a part.
    if (body[pos] === DASH && body[pos + 1] === DASH) return form;
    if (body[pos] !== CR || body[pos + 1] !== LF) throw new MalformedMultipart("no CRLF after a delimiter");
    pos += 2;
    if (parts === MAX_PARTS) throw new MalformedMultipart("too many parts");
    // A part has at least one header line (an empty header block is malformed, as for busboy).
    const headerEnd = body.indexOf(CRLF_CRLF, pos);
    if (headerEnd < 0 || headerEnd + 4 - pos > MAX_HEADER_BYTES) throw new MalformedMultipart("part header");
    const headers = parseHeaderBlock(body, pos, headerEnd + 2);
    const contentStart = headerEnd + 4;
    // Searched from the part's start (its CRLF included): a delimiter inside or across the header
    // block ends the part there for busboy, which reads the stream whole; here it is refused.
    const contentEnd = body.indexOf(delimiter, pos - 2);
    if (contentEnd < 0) throw new MalformedMultipart("unexpected end of form");
    if (contentEnd < contentStart) throw new MalformedMultipart("a delimiter inside a part's header");
    addPart(form, headers, body.subarray(contentStart, contentEnd));
    pos = contentEnd + delimiter.length;
  }
}

/** Header lines from `start` to `end` (each ending in CRLF; folded lines joined): lower-cased name → first value. */
function parseHeaderBlock(body: Buffer, start: number, end: number): Map<string, string> {
  const headers = new Map<string, string>();
  let pos = start;
  let name = "";
  let value = "";
  let lines = 0;
  while (pos < end) {
    // busboy keeps the first 1,999 lines and counts a line's first byte twice against its limit.
    if (++lines >= MAX_HEADER_LINES || end + 2 - start + lines > MAX_HEADER_BYTES) throw new MalformedMultipart("part header");
    const lineEnd = body.indexOf(CR, pos);
    if (lineEnd < 0 || lineEnd >= end || body[lineEnd + 1] !== LF) throw new MalformedMultipart("part header");
    if (body[pos] === SP || body[pos] === HT) {
      // A folded line continues the previous value.
      if (!name) throw new MalformedMultipart("part header");
      for (let i = pos; i < lineEnd; i++) if (FIELD_VCHAR[body[i]!] !== 1) throw new MalformedMultipart("part header");
      value += body.toString("latin1", pos, lineEnd);
    } else {
      if (name && !headers.has(name)) headers.set(name, value);
      let colon = pos;
      while (colon < lineEnd && TOKEN[body[colon]!] === 1) colon++;
      if (colon === pos || body[colon] !== 58 /* : */) throw new MalformedMultipart("part header");
      let valueStart = colon + 1;
      while (valueStart < lineEnd && (body[valueStart] === SP || body[valueStart] === HT)) valueStart++;
      for (let i = valueStart; i < lineEnd; i++) if (FIELD_VCHAR[body[i]!] !== 1) throw new MalformedMultipart("part header");
      name = body.toString("latin1", pos, colon).toLowerCase();
      value = body.toString("latin1", valueStart, lineEnd);
    }
    pos = lineEnd + 2;
  }
  // The first value of a header given twice (as busboy keeps it).
  if (name && !headers.has(name)) headers.set(name, value);
  return headers;
}

function addPart(form: FormData, headers: Map<string, string>, content: Buffer): void {
  const disposition = headers.get("content-disposition");
  if (disposition === undefined) return; // not a form field (busboy skips it too)
  const { type, params } = parseParameterised(disposition, { extended: true });
  if (type !== "form-data") return;
  const name = params.get("name");
  if (!name) throw new MalformedMultipart("a form-data part without a name");
  // An empty filename is no filename (a field, unless its type says file), as for busboy.
  let filename = params.get("filename*") || params.get("filename") || undefined;
  if (filename !== undefined) filename = baseName(filename);
  let mimeType = "text/plain";
  let charset = "utf-8";
  const contentType = headers.get("content-type");
  if (contentType !== undefined) {
    // type/subtype and plain parameters (no RFC 2231 forms in a Content-Type, as busboy reads it);
    // one that does not parse is refused (busboy fell back to text/plain).
    const parsed = parseParameterised(contentType, { extended: false });
    const slash = parsed.type.indexOf("/");
    if (slash <= 0 || slash === parsed.type.length - 1 || parsed.type.indexOf("/", slash + 1) >= 0)
      throw new MalformedMultipart("part Content-Type");
    mimeType = parsed.type;
    charset = parsed.params.get("charset")?.toLowerCase() ?? charset;
  }
  if (filename !== undefined || mimeType === "application/octet-stream") {
    form.append(name, new File([content as Uint8Array<ArrayBuffer>], filename ?? "blob", { type: mimeType }));
  } else {
    form.append(name, decode(content, charset));
  }
}

/**
 * `type; name=value; name="quoted"`, and with `extended` `name*=charset'lang'pct-encoded` (RFC
 * 2231, 5987: Content-Disposition only).
 */
function parseParameterised(header: string, { extended }: { extended: boolean }): { type: string; params: Map<string, string> } {
  let i = 0;
  while (i < header.length && (TOKEN[header.charCodeAt(i)] === 1 || header[i] === "/")) i++;
  const type = header.slice(0, i).toLowerCase();
  const params = new Map<string, string>();
  while (i < header.length) {
    while (header[i] === " " || header[i] === "\t") i++;
    if (i === header.length) break;
    if (header[i++] !== ";") throw new MalformedMultipart("header parameters");
    while (header[i] === " " || header[i] === "\t") i++;
    const nameStart = i;
    while (i < header.length && TOKEN[header.charCodeAt(i)] === 1) i++;
    if (i === nameStart || header[i] !== "=") throw new MalformedMultipart("header parameters");
    const name = header.slice(nameStart, i).toLowerCase();
    i++;
    let value: string;
    if (extended && name.endsWith("*")) {
      const quote1 = header.indexOf("'", i);
      const quote2 = quote1 < 0 ? -1 : header.indexOf("'", quote1 + 1);
      if (quote2 < 0 || quote2 === header.length - 1) throw new MalformedMultipart("header parameters");
      const charset = header.slice(i, quote1).toLowerCase();
      for (let c = i; c < quote1; c++) if (CHARSET_CHAR[header.charCodeAt(c)] !== 1) throw new MalformedMultipart("header parameters");
      const bytes: number[] = [];
      i = quote2 + 1;
      for (; i < header.length; i++) {
        const code = header.charCodeAt(i);
        if (ATTR_CHAR[code] === 1) bytes.push(code);
        else if (code === 37 /* % */ && /^[0-9A-Fa-f]{2}$/.test(header.slice(i + 1, i + 3))) {
          bytes.push(Number.parseInt(header.slice(i + 1, i + 3), 16));
          i += 2;
        } else break;
      }
      value = decode(Buffer.from(bytes), charset);
    } else if (header[i] === '"') {
      i++;
      value = "";
      for (;;) {
        if (i >= header.length) throw new MalformedMultipart("header parameters");
        const c = header[i++]!;
        if (c === '"') break;
        // Only \" and \\ are escapes; another backslash is kept (a Windows path, as busboy reads it).
        if (c === "\\" && (header[i] === '"' || header[i] === "\\")) value += header[i++]!;
        else value += c;
      }
      value = latin1AsUtf8(value);
    } else {
      const valueStart = i;
      while (i < header.length && TOKEN[header.charCodeAt(i)] === 1) i++;
      if (i === valueStart) throw new MalformedMultipart("header parameters");
      value = latin1AsUtf8(header.slice(valueStart, i));
    }
    if (!params.has(name)) params.set(name, value);
  }
  return { type, params };
}

/** Header bytes were read as Latin-1; parameters are UTF-8 (what browsers send). */
function latin1AsUtf8(value: string): string {
  return /[^\x00-\x7f]/.test(value) ? Buffer.from(value, "latin1").toString("utf8") : value;
}

const UTF8 = new Set(["utf-8", "utf8"]);
const LATIN1 = new Set([
  "latin1",
  "ascii",
  "us-ascii",
  "iso-8859-1",
  "iso8859-1",
  "iso88591",
  "iso_8859-1",
  "windows-1252",
  "iso_8859-1:1987",
  "cp1252",
  "x-cp1252",
]);
const UTF16LE = new Set(["utf16le", "utf-16le", "ucs2", "ucs-2"]);

/** Bytes in a named charset, as busboy decodes them (Latin-1 for its Latin-1 names); another charset is refused. */
function decode(bytes: Buffer, charset: string): string {
  const name = charset.toLowerCase();
  if (UTF8.has(name)) return bytes.toString("utf8");
  if (LATIN1.has(name)) return bytes.toString("latin1");
  if (UTF16LE.has(name)) return bytes.toString("utf16le");
  if (name === "base64") return bytes.toString("base64");
  throw new MalformedMultipart(`unsupported charset ${JSON.stringify(charset)}`);
}

/** The file name without any directory a client put in front (busboy's basename). */
function baseName(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  return name === ".." || name === "." ? "" : name;
}
