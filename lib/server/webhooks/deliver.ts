import http from "node:http";
import https from "node:https";
import { checkWebhookUrl, guardedLookup, type GuardedTarget, type Resolver } from "./ssrf-guard";
import { signWebhook } from "./sign";

// CONVENTIONS (jobs and webhooks): delivery never throws; it returns an attempt record to store.
// Redirects are not followed (a receiver could point one at an internal address).

export interface DeliveryAttempt {
  /** The receiver's HTTP status, or null when nothing answered. */
  statusCode: number | null;
  /** The start of the receiver's reply (at most maxBodyExcerpt bytes). */
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  ok: boolean;
  /** The receiver's `Retry-After` header, as sent (seconds or an HTTP date), when it gave one. */
  retryAfter: string | null;
}

export interface DeliverWebhookOptions {
  url: string;
  body: string;
  messageId: string;
  secrets: readonly string[];
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBodyExcerpt?: number;
  /** For tests: the DNS resolver behind the SSRF guard. */
  resolve?: Resolver;
}

export const USER_AGENT = "Verity-Webhooks/1.0";

interface Reply {
  statusCode: number;
  location: string | undefined;
  retryAfter: string | undefined;
  excerpt: string;
}

/** Sends one signed POST and reports how it went. Never throws. */
export async function deliverWebhook(options: DeliverWebhookOptions): Promise<DeliveryAttempt> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  let retryAfter: string | null = null;
  const done = (statusCode: number | null, responseBody: string | null, error: string | null): DeliveryAttempt => ({
    statusCode,
    responseBody,
    durationMs: Math.round(performance.now() - started),
    error,
    ok: error === null,
    retryAfter,
  });
  try {
    // The deadline covers the guard's DNS lookup too, not only the request.
    const target = await withDeadline(
      checkWebhookUrl(options.url, { allowLoopback: options.allowLoopback, resolve: options.resolve }),
      timeoutMs,
    );
    if (!target.ok) return done(null, null, target.error.message);
    const headers = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(options.body)),
      "user-agent": USER_AGENT,
      ...signWebhook({ messageId: options.messageId, body: options.body, secrets: options.secrets }),
    };
    const remainingMs = Math.max(1, timeoutMs - (performance.now() - started));
    const reply = await post(target.value, { ...options, timeoutMs: remainingMs }, headers);
    const { statusCode, excerpt } = reply;
    retryAfter = reply.retryAfter ?? null;
    if (statusCode >= 200 && statusCode < 300) return done(statusCode, excerpt, null);
    if (statusCode >= 300 && statusCode < 400) {
      return done(statusCode, excerpt, `Redirect not followed (HTTP ${statusCode} to ${reply.location ?? "no location"})`);
    }
    return done(statusCode, excerpt, `Receiver answered HTTP ${statusCode}`);
  } catch (error) {
    return done(null, null, describeError(error, timeoutMs));
  }
}

class DeliveryTimeout extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeliveryTimeout()), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

function post(
  target: GuardedTarget,
  options: DeliverWebhookOptions & { timeoutMs: number },
  headers: Record<string, string>,
): Promise<Reply> {
  const { timeoutMs } = options;
  const limit = options.maxBodyExcerpt ?? 4096;
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise<Reply>((resolve, reject) => {
    let reply: Reply | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      if (!reply) return;
      reply.excerpt = Buffer.concat(chunks).subarray(0, limit).toString("utf8");
      resolve(reply);
    };
    // One deadline for connect, request and reply. If the status line has arrived, the reply
    // counts and its excerpt is what came in time; otherwise the attempt timed out.
    const timer = setTimeout(() => {
      if (reply) finish();
      else reject(new DeliveryTimeout());
      request.destroy();
    }, timeoutMs);
    const request = transport.request(target.url, {
      method: "POST",
      headers,
      agent: false,
      lookup: guardedLookup(target.policy, options.resolve),
    });
    request.on("response", (response) => {
      reply = {
        statusCode: response.statusCode ?? 0,
        location: response.headers.location,
        retryAfter: response.headers["retry-after"],
        excerpt: "",
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Read no further than the excerpt: a huge or endless reply costs nothing more.
        if (size >= limit) {
          clearTimeout(timer);
          finish();
          response.destroy();
        }
      });
      // "close" follows both a complete reply and a cut-off one; what arrived is kept either way.
      response.on("close", () => {
        clearTimeout(timer);
        finish();
      });
      response.on("error", () => {});
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      if (reply) finish();
      else reject(error);
    });
    request.end(options.body);
  });
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof DeliveryTimeout) return `Timed out after ${timeoutMs} ms waiting for the receiver`;
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.code === "ESSRFGUARD") return e.message;
  if (e?.code === "ECONNREFUSED") return `Connection refused by the receiver${e.address ? ` (${e.address}:${e.port})` : ""}`;
  if (e?.code === "ENOTFOUND" || e?.code === "EAI_AGAIN") return "Receiver host could not be resolved";
  if (e?.code === "ECONNRESET") return "Receiver closed the connection before answering";
  const message = e instanceof Error ? e.message : String(error);
  return `Delivery failed: ${message}`;
}
