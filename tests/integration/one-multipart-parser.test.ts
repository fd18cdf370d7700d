import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postAddress } from "@/app/(hosted)/verify/[token]/address/route";
import { setDatabase } from "@/lib/db";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// Issue 27 item 4: one multipart parser for every upload route. The API under Node (its socket),
// the API without one (app.request) and the hosted upload routes (Next's Web Request) all read a
// body with lib/server/http/parse-multipart.ts, so a body gets one answer wherever it is sent.
// The first body here is one the platform's own formData() reads and ours refuses (a field in a
// charset ours does not decode): it used to get different answers on different routes.

const B = "----one-parser-test";
const person = { first_name: "Jane", last_name: "Doe", email: "jane@example.org", date_of_birth: "1990-01-31" };
const fieldsText = Object.entries(person)
  .map(([name, value]) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  .join("");
const CONTENT_TYPE = `multipart/form-data; boundary=${B}`;
const close = `--${B}--\r\n`;
const REFUSED: [string, Buffer][] = [
  [
    "a field in shift_jis",
    Buffer.from(
      `${fieldsText}--${B}\r\nContent-Disposition: form-data; name="note"\r\nContent-Type: text/plain; charset=shift_jis\r\n\r\nabc\r\n${close}`,
    ),
  ],
  [
    "a delimiter inside a part's header block",
    Buffer.from(`${fieldsText}--${B}\r\nContent-Disposition: form-data; name="note"\r\n--${B}\r\n\r\nabc\r\n${close}`),
  ],
  ["no close delimiter", Buffer.from(fieldsText)],
];

describe("one multipart parser for every upload route", () => {
  let database: TestDatabase;
  let app: TestApi;
  let server: Server;
  let base: string;
  let sandbox: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setDatabase(database);
    app = createTestApi(database.db);
    const team = await seedTeam(database.db, "One Parser Co");
    sandbox = await tokenFor(app, team.sandbox);
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.dispose();
  });

  /** POST /api/v2/risk through the Node adapter: the socket's bytes go to readNodeMultipart. */
  function overNode(body: Buffer): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/v2/risk`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${sandbox}`, "content-type": CONTENT_TYPE, "content-length": String(body.length) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  const withoutSocket = (body: Buffer) =>
    call(app, "POST", "/api/v2/risk", { token: sandbox, body: new Uint8Array(body), headers: { "content-type": CONTENT_TYPE } });

  async function hosted(body: Buffer) {
    const token = "tok_onepaserxxxxxxxxxxxxx";
    const response = await postAddress(
      new Request(`http://idv.test/verify/${token}/address`, {
        method: "POST",
        headers: { accept: "application/json", "content-type": CONTENT_TYPE },
        body: new Uint8Array(body),
      }),
      { params: Promise.resolve({ token }) },
    );
    return { status: response.status, body: (await response.json()) as { ok: boolean; error?: { code: string; message: string } } };
  }

  it("refuses the same bodies on the API with and without a socket and on the hosted upload routes", async () => {
    for (const [what, body] of REFUSED) {
      const platform = await new Request("http://x/", {
        method: "POST",
        headers: { "content-type": CONTENT_TYPE },
        body: new Uint8Array(body),
      })
        .formData()
        .then(
          () => "read",
          () => "refused",
        );
      const node = await overNode(body);
      const web = await withoutSocket(body);
      const page = await hosted(body);
      expect({ what, node: node.status, web: web.status }).toEqual({ what, node: 400, web: 400 });
      expect(node.body).toMatchObject({ error_detail: { body: "Malformed multipart/form-data" } });
      expect(web.body).toMatchObject({ error_detail: { body: "Malformed multipart/form-data" } });
      expect({ what, page: page.body.error?.message }).toEqual({ what, page: "The upload could not be read" });
      // The platform's formData() reads the shift_jis field: before, app.request and the hosted
      // routes took that body while the API under Node refused it.
      if (what === "a field in shift_jis") expect(platform).toBe("read");
    }
  });

  it("reads a well-formed body alike on both API paths, and refuses a field sent twice on both", async () => {
    const good = Buffer.from(fieldsText + close);
    expect((await overNode(good)).status).toBe(201);
    expect((await withoutSocket(good)).status).toBe(201);
    const twice = Buffer.from(`${fieldsText}--${B}\r\nContent-Disposition: form-data; name="email"\r\n\r\nother@example.org\r\n${close}`);
    for (const res of [await overNode(twice), await withoutSocket(twice)]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_detail: { email: "Must be sent once" } });
    }
  });

  it("refuses a body past the route's limit without a declared length on the Web path too", async () => {
    // 11 MB of file, streamed with no Content-Length: counted as it comes, 413 in the error shape.
    const big = Buffer.concat([
      Buffer.from(
        `${fieldsText}--${B}\r\nContent-Disposition: form-data; name="face_scan"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.alloc(11 * 1024 * 1024 + 10),
      Buffer.from(`\r\n${close}`),
    ]);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 1 << 20) controller.enqueue(new Uint8Array(big.subarray(i, i + (1 << 20))));
        controller.close();
      },
    });
    const res = await app.request("/api/v2/risk", {
      method: "POST",
      headers: { authorization: `Bearer ${sandbox}`, "content-type": CONTENT_TYPE },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status_code: 413 });
  });
});
