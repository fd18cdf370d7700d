import type { IncomingMessage } from "node:http";
import { createMiddleware } from "hono/factory";
import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "./errors";
import { nodeParts, requestHeader } from "./middleware";
import { boundaryOf, MalformedMultipart, parseMultipart, TooLarge } from "./parse-multipart";
import { readWebMultipart } from "./read-web-multipart";
import type { ApiEnv } from "./types";

/*
 * The middleware every multipart upload route runs before its form validator (risk, documents):
 * the content type is checked first (the validator's own refusal speaks of JSON routes), the body
 * is refused by Content-Length at once or counted while streamed, so nothing larger is buffered,
 * and it is parsed once here (the validator reuses the parse) so a broken body or a field sent
 * twice is a 400 in the error shape rather than an exception or a confusing "received array".
 */

// The form validator's body-type gate accepts exactly this (and url-encoded forms, which these
// routes do not take).
const MULTIPART = /^multipart\/form-data(;\s?boundary=[a-zA-Z0-9'"()+_,\-./:=?]+)?$/i;

const requireMultipart = createMiddleware<ApiEnv>(async (c, next) => {
  if (!MULTIPART.test(requestHeader(c, "content-type") ?? "")) {
    return c.json(
      errorBody(400, "This endpoint takes a multipart/form-data body", { error_detail: { "content-type": "Must be multipart/form-data" } }),
      400,
    );
  }
  await next();
});

const malformed = (c: Context<ApiEnv>) =>
  c.json(errorBody(400, "Malformed multipart/form-data body", { error_detail: { body: "Malformed multipart/form-data" } }), 400);

/** A field sent twice is refused by name (the validator would otherwise see an array). */
function refuseRepeated(c: Context<ApiEnv>, keys: string[]): Response | null {
  const seen = new Set<string>();
  const repeated = keys.filter((key) => seen.has(key) || !seen.add(key));
  if (repeated.length === 0) return null;
  const detail = Object.fromEntries(repeated.map((key) => [key, "Must be sent once"]));
  return c.json(errorBody(400, "Invalid request", { error_detail: detail }), 400);
}

export { TooLarge };

/**
 * Under Node: the body is read from the socket (no Web Request, no web streams: undici's parser
 * was a fifth of a risk request's CPU, issue 14), counted as it comes and refused past `maxBytes`,
 * then parsed whole (parse-multipart.ts); the FormData it makes is the one the form validator reads.
 */
export function readNodeMultipart(incoming: IncomingMessage, maxBytes: number): Promise<FormData> {
  return new Promise<FormData>((resolve, reject) => {
    const boundary = boundaryOf(incoming.headers["content-type"] ?? "");
    if (!boundary) {
      reject(new MalformedMultipart("no boundary"));
      return;
    }
    // A client gone while authentication ran: no event will come.
    if (incoming.destroyed || incoming.readableEnded) {
      reject(new MalformedMultipart("the body ended early"));
      return;
    }
    let chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("close", onClose);
      // onError stays: an error after the answer lands in a settled promise. The chunks go now.
      const body = error ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
      chunks = [];
      if (!body) {
        // The rest of the body is drained (or the socket closed) by the Node adapter after the answer.
        reject(error);
        return;
      }
      try {
        resolve(parseMultipart(body, boundary));
      } catch (parseError) {
        reject(parseError as Error);
      }
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) settle(new TooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => settle(null);
    const onError = (error: Error) => settle(error);
    // A client gone before the end of its body: nothing to parse, nobody to answer. (Every request
    // closes; an error, and its stack, only for one that had not ended.)
    const onClose = () => {
      if (!settled) settle(new MalformedMultipart("the body ended early"));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}

/**
 * `maxBytes`: the whole request, files and fields together. One parser whatever the transport:
 * under Node the socket's bytes (readNodeMultipart), otherwise (app.request, or a body something
 * already started to read) the Web Request's (read-web-multipart.ts); both parse-multipart.ts.
 */
export function multipartForm(maxBytes: number): MiddlewareHandler<ApiEnv>[] {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  const tooLarge = (c: Context<ApiEnv>) =>
    c.json(
      errorBody(413, `Request body is larger than ${megabytes} MB`, { error_detail: { body: `Must be at most ${maxBytes} bytes` } }),
      413,
    );
  const readForm = createMiddleware<ApiEnv>(async (c, next) => {
    const node = nodeParts(c);
    let form: FormData;
    try {
      if (node && !node.incoming.readableDidRead) {
        const declared = Number(node.incoming.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(c);
        form = await readNodeMultipart(node.incoming, maxBytes);
      } else {
        form = await readWebMultipart(c.req.raw, maxBytes);
      }
    } catch (error) {
      return error instanceof TooLarge ? tooLarge(c) : malformed(c);
    }
    const refused = refuseRepeated(c, [...form.keys()]);
    if (refused) return refused;
    c.req.bodyCache.formData = form;
    await next();
  });
  return [requireMultipart, readForm];
}
