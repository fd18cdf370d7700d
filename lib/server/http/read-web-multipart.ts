import { boundaryOf, MalformedMultipart, parseMultipart, TooLarge } from "./parse-multipart";

/**
 * A multipart body of a Web Request, read with the same parser as under Node (parse-multipart.ts):
 * the API when it is called without a socket (app.request) and the hosted upload routes (Next's
 * handlers get a Web Request), so one upload gets one answer wherever it arrives. Refused by its
 * declared length at once, then counted as it streams: nothing past `maxBytes` is kept. Throws
 * TooLarge or MalformedMultipart (no boundary, no body, a body that does not parse).
 */
export async function readWebMultipart(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLarge();
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (!boundary) throw new MalformedMultipart("no boundary");
  if (!request.body) throw new MalformedMultipart("no body");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        void reader.cancel().catch(() => {});
        throw new TooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof TooLarge) throw error;
    throw new MalformedMultipart("the body ended early");
  }
  const body =
    chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks, received);
  chunks.length = 0;
  return parseMultipart(body, boundary);
}
