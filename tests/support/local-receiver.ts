import http from "node:http";
import type { AddressInfo } from "node:net";

// A webhook receiver on 127.0.0.1 (the only kind of target tests may reach). The path decides
// the answer: /fail → 500, /redirect → 302 to /redirect-target, /slow?ms=N → 200 after N ms,
// /slow-body → 200 and "partial", then nothing, /big → 200 with a 1 MiB body, else → 200 "ok".

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface LocalReceiver {
  port: number;
  url(path: string): string;
  requests: ReceivedRequest[];
  /** Requests whose path starts with the given prefix. */
  to(prefix: string): ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<LocalReceiver> {
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers[key] = value;
      requests.push({ method: req.method ?? "", path: url.pathname, headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(url, res);
    });
  });

  function answer(url: URL, res: http.ServerResponse) {
    switch (url.pathname) {
      case "/fail":
        return res.writeHead(500, { "content-type": "text/plain" }).end("receiver exploded");
      case "/redirect":
        return res.writeHead(302, { location: `http://127.0.0.1:${port}/redirect-target` }).end("moved");
      case "/slow-body": {
        res.writeHead(200, { "content-type": "text/plain" }).write("partial");
        return; // the rest never comes; close() ends the connection
      }
      case "/big":
        return res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(1024 * 1024));
      case "/slow": {
        const timer = setTimeout(() => res.end("late"), Number(url.searchParams.get("ms") ?? 5000));
        timers.add(timer);
        return;
      }
      default:
        return res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    to: (prefix) => requests.filter((r) => r.path.startsWith(prefix)),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
