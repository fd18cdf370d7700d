import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { isPeerMessage, linkProcess, type PeerMessage } from "../shared/process-link";

/**
 * The pages' process of a production server (issue 14). Next's AsyncLocalStorage hooks tax every
 * promise of the process it runs in (measured: /health 63 → 44 µs of CPU per request without it,
 * a stored read 103 → 57 µs), so the API's process keeps the port, the database and the
 * background work, and hands every other request to Next in this child over a private Unix socket.
 *
 * - The child starts before the port opens; if it exits, pages answer 503 while it starts again
 *   (after a growing pause), and the API is not interrupted.
 * - Requests are streamed both ways with the client's headers (the trusted client address stamped
 *   by server.ts included) minus the hop-by-hop ones; a client that goes away cancels its request.
 * - Signals that cross the boundary (process-link.ts) travel over the child's IPC channel.
 */
export interface PagesProcess {
  /** Serves one request through the child (503 while it is not ready). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  stop(): Promise<void>;
}

export interface PagesProcessOptions {
  /** The child's entry (pages-server.ts), run with this process's loader flags. */
  entry: string;
  /** Node's flags for the child (default: this process's, which load TypeScript). */
  execArgv?: string[];
  /** Extra environment for the child (the database bridge's directory). */
  env?: Record<string, string>;
  /** What the child's signals do here. */
  onMessage(message: PeerMessage): void;
}

export const PAGES_SOCKET_ENV = "VERITY_PAGES_SOCKET";

// RFC 9110 7.6.1: connection-specific fields are not forwarded.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-authenticate",
  "proxy-authorization",
]);

function forwardedHeaders(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

function unavailable(res: ServerResponse, status: number): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "retry-after": "2", "cache-control": "no-store" });
  res.end(status === 503 ? "The pages are starting. Try again in a moment.\n" : "The pages could not answer. Try again in a moment.\n");
}

export async function startPagesProcess(options: PagesProcessOptions): Promise<PagesProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), "verity-pages-"));
  const socketPath = path.join(dir, "pages.sock");
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let child: ChildProcess | null = null;
  let ready = false;
  let stopping = false;
  let restarts = 0;
  let readyOnce = false;

  linkProcess({
    role: "api",
    send: (message) => {
      if (ready && child?.connected) child.send(message);
    },
  });

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      // A child that died leaves its socket file behind.
      rmSync(socketPath, { force: true });
      const current = fork(options.entry, [], {
        execArgv: options.execArgv ?? process.execArgv,
        env: { ...process.env, ...options.env, [PAGES_SOCKET_ENV]: socketPath },
        stdio: "inherit",
      });
      child = current;
      current.on("message", (message: unknown) => {
        if (message === "ready") {
          ready = true;
          restarts = 0;
          resolve();
        } else if (isPeerMessage(message)) options.onMessage(message);
      });
      current.on("exit", (code, signal) => {
        ready = false;
        if (child === current) child = null;
        if (stopping) return;
        const reason = signal ? `signal ${signal}` : `code ${code}`;
        // A first start that fails stops the server: its output above says why.
        if (!readyOnce) return reject(new Error(`The pages' process stopped while starting (${reason})`));
        restarts++;
        const pause = Math.min(30_000, 500 * 2 ** restarts);
        console.error(`[pages] the pages' process stopped (${reason}); starting it again in ${pause} ms`);
        setTimeout(() => {
          if (!stopping) void spawn().catch((error: unknown) => console.error("[pages]", error));
        }, pause).unref();
      });
    });
  try {
    await spawn();
  } catch (error) {
    linkProcess(null);
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  readyOnce = true;

  return {
    handle(req, res) {
      if (!ready) return unavailable(res, 503);
      const upstream = request(
        {
          socketPath,
          agent,
          method: req.method,
          path: req.url,
          headers: forwardedHeaders(req.rawHeaders) as unknown as Record<string, string>,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardedHeaders(answer.rawHeaders));
          answer.pipe(res);
          answer.on("error", () => res.destroy());
        },
      );
      upstream.on("error", () => unavailable(res, 502));
      res.on("close", () => {
        if (!res.writableFinished) upstream.destroy();
      });
      req.pipe(upstream);
    },
    async stop() {
      stopping = true;
      linkProcess(null);
      const current = child;
      if (current && current.exitCode === null && current.signalCode === null) {
        const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
        current.kill("SIGTERM");
        const timeout = setTimeout(() => current.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timeout);
      }
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
