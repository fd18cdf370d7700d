// Issue 14: under Node the API sets its standing headers on the ServerResponse and reads multipart
// bodies straight from the socket (busboy), instead of through Web Headers and undici's parser.
// Served here over real HTTP as server.ts serves it, the answers are the ones app.request() gives
// (the Web path the other integration tests use): headers, request ids, forms, files and refusals.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
};
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const BOUNDARY = "----node-adapter-test";
const person = { first_name: "Zoë", last_name: "Ångström-Núñez", email: "zoe@example.org", date_of_birth: "1990-01-31" };

let database: TestDatabase;
let app: TestApi;
let server: Server;
let base: string;
let sandbox: string;

/** A multipart body written by hand, so the test controls every byte (repeats, truncation). */
function multipart(parts: { name: string; value: string | Uint8Array; filename?: string; type?: string }[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: ${disposition}\r\n${part.type ? `content-type: ${part.type}\r\n` : ""}\r\n`),
    );
    chunks.push(Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const fields = (values: Record<string, string>) => Object.entries(values).map(([name, value]) => ({ name, value }));

/** One request over a real socket; `chunked` sends the body without a Content-Length. */
function send(method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer; chunked?: boolean } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }>((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body && !options.chunked) headers["content-length"] = String(options.body.length);
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null });
      });
    });
    req.on("error", reject);
    if (options.body && options.chunked) {
      // In pieces, so the limit is met while the body streams.
      for (let i = 0; i < options.body.length; i += 256 * 1024) req.write(options.body.subarray(i, i + 256 * 1024));
    } else if (options.body) req.write(options.body);
    req.end();
  });
}
const risk = (body: Buffer, extra: { chunked?: boolean; headers?: Record<string, string> } = {}) =>
  send("POST", "/api/v2/risk", {
    body,
    chunked: extra.chunked,
    headers: { authorization: `Bearer ${sandbox}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...extra.headers },
  });

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  const team = await seedTeam(database.db, "Adapter");
  sandbox = await tokenFor(app, team.sandbox);
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.dispose();
});

describe("the API served by Node", () => {
  it("carries the security headers and a request id on every answer, as app.request() does", async () => {
    for (const [path, headers, status] of [
      ["/api/v1/health", {}, 200],
      ["/api/v2/verifications/333", {}, 401],
      ["/api/v2/verifications/333", { authorization: `Bearer ${sandbox}` }, 200],
      ["/api/v2/nowhere", { authorization: `Bearer ${sandbox}` }, 404],
    ] as const) {
      const res = await send("GET", path, { headers });
      expect(res.status).toBe(status);
      expect(res.headers).toMatchObject(SECURITY_HEADERS);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      const web = await call(app, "GET", path, { token: "authorization" in headers ? sandbox : undefined });
      expect(web.status).toBe(status);
      expect(res.body).toEqual(web.body);
      for (const name of Object.keys(SECURITY_HEADERS)) expect(web.headers.get(name)).toBe(res.headers[name]);
    }
    const unauthorised = await send("GET", "/api/v2/verifications/333");
    expect(unauthorised.headers["www-authenticate"]).toBe('Bearer realm="api"');
  });

  it("keeps a sane caller request id, replaces an unsafe one, and adds HSTS behind https", async () => {
    expect((await send("GET", "/api/v1/health", { headers: { "x-request-id": "caller-42.a" } })).headers["x-request-id"]).toBe(
      "caller-42.a",
    );
    expect((await send("GET", "/api/v1/health", { headers: { "x-request-id": "bad id<script>" } })).headers["x-request-id"]).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    const secure = await send("GET", "/api/v1/health", { headers: { "x-forwarded-proto": "https" } });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("reads a multipart risk form from the socket: the same assessment as the Web path, UTF-8 intact", async () => {
    const res = await risk(multipart(fields({ ...person, email: "zoe+review@example.org" })));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ first_name: "Zoë", last_name: "Ångström-Núñez", recommendation: "REVIEW" });
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...person, email: "zoe+review@example.org" })) form.append(key, value);
    const web = await call(app, "POST", "/api/v2/risk", { token: sandbox, body: form });
    expect(web.status).toBe(201);
    const strip = (body: Record<string, unknown>) => ({ ...body, id: undefined, created_at: undefined });
    expect(strip(res.body)).toEqual(strip(web.body));
  });

  it("hands uploaded files to the checks with their bytes: a GIF named .jpg is refused, a JPEG passes them", async () => {
    const gif = await risk(
      multipart([
        ...fields(person),
        { name: "face_scan", value: new Uint8Array([...GIF, 0, 0, 0]), filename: "face.jpg", type: "image/jpeg" },
      ]),
    );
    expect(gif.status).toBe(415);
    expect(gif.body.error_detail).toHaveProperty("face_scan");
    const jpeg = await risk(
      multipart([
        ...fields(person),
        { name: "face_scan", value: new Uint8Array([...JPEG, ...new Array(252).fill(0)]), filename: "face.jpg", type: "image/jpeg" },
      ]),
    );
    expect(jpeg.status).toBe(201);
  });

  it("refuses a field sent twice, a truncated body and a wrong content type with 400 in the error shape", async () => {
    const repeated = await risk(multipart([...fields(person), { name: "email", value: "other@example.org" }]));
    expect(repeated.status).toBe(400);
    expect(repeated.body).toMatchObject({ status_code: 400, error_detail: { email: "Must be sent once" } });
    const truncated = await risk(multipart(fields(person), { close: false }).subarray(0, 120));
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject({ status_code: 400, error_detail: { body: "Malformed multipart/form-data" } });
    // A body that ends inside a file part: with busboy this failed the file's stream with no one
    // listening, and the uncaught error stopped the whole API process (found in issue 14's rewrite).
    const cutInFile = multipart(
      [...fields(person), { name: "face_scan", value: new Uint8Array([...JPEG, 1, 2, 3]), filename: "face.jpg", type: "image/jpeg" }],
      { close: false },
    );
    for (const body of [cutInFile.subarray(0, cutInFile.length - 2), cutInFile.subarray(0, cutInFile.length - 40)]) {
      const res = await risk(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, error_detail: { body: "Malformed multipart/form-data" } });
    }
    expect((await send("GET", "/api/v1/health")).status).toBe(200);
    const json = await risk(Buffer.from("{}"), { headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
    expect(json.body.error_detail).toHaveProperty("content-type");
  });

  it("refuses a body over the limit with 413, by Content-Length at once and while streaming without one", async () => {
    const big = multipart([
      ...fields(person),
      { name: "face_scan", value: new Uint8Array(12 * 1024 * 1024), filename: "face.jpg", type: "image/jpeg" },
    ]);
    for (const chunked of [false, true]) {
      const res = await risk(big, { chunked });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ status_code: 413, error_detail: { body: expect.any(String) } });
    }
    // The server is still answering.
    expect((await send("GET", "/api/v1/health")).status).toBe(200);
  });
});
