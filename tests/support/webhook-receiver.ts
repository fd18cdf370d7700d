import http from "node:http";
import type { AddressInfo } from "node:net";

// A webhook receiver on 127.0.0.1 (the only address tests may reach) that keeps what a real one
// would: a dedupe table keyed by `webhook-id`, every request in order, and the webhook-ids that
// arrived while a request with the same id was still being answered (an overlap = one message
// delivered twice at once).

export interface ReceivedWebhook {
  id: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Date.now() when the request's body had arrived. */
  at: number;
  /** 1 for the first request with this webhook-id, 2 for the second… */
  nth: number;
  status: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer after this long (the request stays in flight meanwhile). */
  delayMs?: number;
}

export type Responder = (request: Omit<ReceivedWebhook, "status">) => Reply;

export interface WebhookReceiver {
  port: number;
  url(path?: string): string;
  /** Every request, in arrival order. */
  requests: ReceivedWebhook[];
  /** webhook-id → first accepted (2xx) request: what a receiver's dedupe table would hold. */
  accepted: Map<string, ReceivedWebhook>;
  /** webhook-ids that arrived while another request with the same id was in flight. */
  overlaps: string[];
  respond(responder: Responder): void;
  /** Requests being answered right now. */
  inFlight(): number;
  /** The webhook-ids of the requests being answered right now. */
  inFlightIds(): string[];
  /** Stops listening (connections are refused) until up(); the port is kept. */
  down(): Promise<void>;
  up(): Promise<void>;
  waitFor(predicate: () => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const accepted = new Map<string, ReceivedWebhook>();
  const seen = new Map<string, number>();
  const inFlight = new Set<string>();
  const overlaps: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let responder: Responder = () => ({ status: 200 });

  const handle: http.RequestListener = (req, res) => {
    const id = String(req.headers["webhook-id"] ?? "");
    if (inFlight.has(id)) overlaps.push(id);
    inFlight.add(id);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers[key] = value;
      const nth = (seen.get(id) ?? 0) + 1;
      seen.set(id, nth);
      const request = {
        id,
        path: new URL(req.url ?? "/", "http://receiver").pathname,
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
        nth,
      };
      const reply = responder(request);
      const status = reply.status ?? 200;
      const received = { ...request, status };
      requests.push(received);
      const finish = () => {
        timers.delete(timer);
        if (status >= 200 && status < 300 && !accepted.has(id)) accepted.set(id, received);
        inFlight.delete(id);
        res.writeHead(status, { "content-type": "text/plain", ...reply.headers }).end(reply.body ?? (status < 300 ? "ok" : "nope"));
      };
      const timer = setTimeout(finish, reply.delayMs ?? 0);
      timers.add(timer);
    });
    res.on("close", () => inFlight.delete(id));
  };

  let server = http.createServer(handle);
  const listen = (s: http.Server, p: number) =>
    new Promise<void>((resolve, reject) => s.once("error", reject).listen(p, "127.0.0.1", () => resolve()));
  const stop = async (s: http.Server) => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen(server, port);
  const actualPort = (server.address() as AddressInfo).port;
  let listening = true;

  return {
    port: actualPort,
    url: (path = "/hooks") => `http://127.0.0.1:${actualPort}${path}`,
    requests,
    accepted,
    overlaps,
    respond: (next) => void (responder = next),
    inFlight: () => inFlight.size,
    inFlightIds: () => [...inFlight],
    down: async () => {
      if (!listening) return;
      listening = false;
      await stop(server);
    },
    up: async () => {
      if (listening) return;
      server = http.createServer(handle);
      await listen(server, actualPort);
      listening = true;
    },
    waitFor: async (predicate, timeoutMs = 15_000, what = "condition") => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      if (listening) await stop(server);
      listening = false;
    },
  };
}
