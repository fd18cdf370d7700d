/** One part of a hand-built multipart body: anything a client could send, malformed included. */
export interface Part {
  /** Undefined: a part without a name. */
  name?: string;
  /** Set: the part is a file. */
  filename?: string;
  contentType?: string;
  data: string | Uint8Array;
}

const encoder = new TextEncoder();

function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\r|\n/g, " ")}"`;
}

/** Encodes parts as multipart/form-data with the given boundary and line ending. */
export function encodeMultipart(parts: Part[], boundary: string, options: { newline?: string; closing?: boolean } = {}): Uint8Array {
  const nl = options.newline ?? "\r\n";
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}${nl}Content-Disposition: form-data`;
    if (part.name !== undefined) head += `; name=${quote(part.name)}`;
    if (part.filename !== undefined) head += `; filename=${quote(part.filename)}`;
    head += nl;
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}${nl}`;
    chunks.push(encoder.encode(`${head}${nl}`));
    chunks.push(typeof part.data === "string" ? encoder.encode(part.data) : part.data);
    chunks.push(encoder.encode(nl));
  }
  if (options.closing !== false) chunks.push(encoder.encode(`--${boundary}--${nl}`));
  return concat(chunks);
}

export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
