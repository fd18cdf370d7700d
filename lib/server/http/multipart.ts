import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { MiddlewareHandler } from "hono";
import { errorBody } from "./errors";
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
  if (!MULTIPART.test(c.req.header("content-type") ?? "")) {
    return c.json(errorBody(400, "This endpoint takes a multipart/form-data body", { error_detail: { "content-type": "Must be multipart/form-data" } }), 400);
  }
  await next();
});

const readMultipart = createMiddleware<ApiEnv>(async (c, next) => {
  let keys: string[];
  try {
    keys = [...(await c.req.formData()).keys()];
  } catch {
    return c.json(errorBody(400, "Malformed multipart/form-data body", { error_detail: { body: "Malformed multipart/form-data" } }), 400);
  }
  const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
  if (repeated.length > 0) {
    const detail = Object.fromEntries(repeated.map((key) => [key, "Must be sent once"]));
    return c.json(errorBody(400, "Invalid request", { error_detail: detail }), 400);
  }
  await next();
});

/** `maxBytes`: the whole request, files and fields together. */
export function multipartForm(maxBytes: number): MiddlewareHandler<ApiEnv>[] {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  const limitBody = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json(errorBody(413, `Request body is larger than ${megabytes} MB`, { error_detail: { body: `Must be at most ${maxBytes} bytes` } }), 413),
  });
  return [requireMultipart, limitBody, readMultipart];
}
