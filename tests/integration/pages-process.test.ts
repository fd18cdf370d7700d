// Issue 14: in production Next runs in a child process behind the API's process
// (lib/server/process/pages-process.ts). Requests reach it whole (method, path, body, Host, the
// trusted client address) without hop-by-hop fields; answers come back whole (status, repeated
// Set-Cookie, a streamed body as it is written); the process link carries signals both ways; a
// child that stops is started again while pages answer 503, and a child that cannot start stops
// the server's start.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPagesProcess, type PagesProcess } from "@/lib/server/process/pages-process";
import { tellPeer, type PeerMessage } from "@/lib/server/shared/process-link";

const entry = path.join(import.meta.dirname, "../support/pages-child/echo-pages.mjs");

function call(port: number, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; parts: number }>(
    (resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), parts: chunks.length }),
          );
        },
      );
      req.on("error", reject);
      req.end(options.body);
    },
  );
}

const until = async (test: () => Promise<boolean> | boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("timed out");
};

describe("the pages' process", () => {
  let pages: PagesProcess;
  let server: Server;
  let port: number;
  const received: PeerMessage[] = [];

  beforeAll(async () => {
    pages = await startPagesProcess({ entry, execArgv: [], onMessage: (message) => received.push(message) });
    server = createServer((req, res) => {
      req.headers["x-verity-client-ip"] = "203.0.113.9";
      req.rawHeaders.push("x-verity-client-ip", "203.0.113.9");
      pages.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server?.close();
    await pages?.stop();
  });

  it("forwards the request whole and its answer whole", async () => {
    const res = await call(port, {
      method: "POST",
      path: "/console/cases?x=1&y=%C3%BC",
      headers: { host: "verity.example:8443", "content-type": "text/plain", "keep-alive": "timeout=99", connection: "keep-alive" },
      body: "ünïcode body",
    });
    expect(res.status).toBe(201);
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers["x-seen-keep-alive"]).toBe(""); // hop-by-hop: not forwarded
    expect(JSON.parse(res.body)).toMatchObject({
      method: "POST",
      url: "/console/cases?x=1&y=%C3%BC",
      host: "verity.example:8443",
      ip: "203.0.113.9",
      body: "ünïcode body",
    });
  });

  it("streams an answer as the child writes it", async () => {
    const res = await call(port, { path: "/stream" });
    expect(res.status).toBe(200);
    expect(res.body).toBe("part 0\npart 1\npart 2\n");
    expect(res.parts).toBeGreaterThan(1);
  });

  it("carries the child's signals to this process, and this process's to the child", async () => {
    await call(port, { path: "/signal?kind=cache&key=k1" });
    await call(port, { path: "/signal?kind=outbox" });
    await until(() => received.length >= 2);
    expect(received).toEqual([{ verity: "cache", name: "tokens", key: "k1" }, { verity: "outbox" }]);
    expect(tellPeer({ verity: "cache", name: "riskSettings" })).toBe(true);
  });

  it("starts a child that stopped again, answering 503 meanwhile", async () => {
    const before = JSON.parse((await call(port, { path: "/who" })).body).pid as number;
    await call(port, { path: "/exit" });
    await until(async () => (await call(port, { path: "/who" })).status === 503, 5_000);
    const during = await call(port, { path: "/who" });
    expect(during.headers["retry-after"]).toBe("2");
    await until(async () => (await call(port, { path: "/who" })).status === 201);
    const after = JSON.parse((await call(port, { path: "/who" })).body).pid as number;
    expect(after).not.toBe(before);
  });
});

describe("a pages' process that stops while the server stops", () => {
  it("is not started again after the stop", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pages-starts-"));
    const starts = path.join(dir, "starts");
    process.env.ECHO_PAGES_STARTS = starts;
    try {
      const pages = await startPagesProcess({ entry, execArgv: [], onMessage: () => {} });
      const server = createServer((req, res) => pages.handle(req, res));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as AddressInfo).port;
      await call(port, { path: "/exit" });
      await until(async () => (await call(port, { path: "/who" })).status === 503, 5_000);
      server.close();
      await pages.stop(); // the restart (after 1 s) is still pending
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(readFileSync(starts, "utf8").trim().split("\n")).toHaveLength(1);
    } finally {
      delete process.env.ECHO_PAGES_STARTS;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a pages' process that cannot start", () => {
  it("fails the start with the reason", async () => {
    process.env.ECHO_PAGES_FAIL_START = "1";
    try {
      await expect(startPagesProcess({ entry, execArgv: [], onMessage: () => {} })).rejects.toThrow(
        "The pages' process stopped while starting (code 3)",
      );
    } finally {
      delete process.env.ECHO_PAGES_FAIL_START;
    }
  });
});
