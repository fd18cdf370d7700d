// A stand-in for pages-server.ts in tests of lib/server/process/pages-process.ts: it listens where
// the parent says, answers what it was sent, and speaks the process link.
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";

const socketPath = process.env.VERITY_PAGES_SOCKET;
if (process.env.ECHO_PAGES_FAIL_START === "1") process.exit(3);
if (process.env.ECHO_PAGES_STARTS) appendFileSync(process.env.ECHO_PAGES_STARTS, `${process.pid}\n`);
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const url = new URL(req.url, "http://x");
    if (url.pathname === "/exit") {
      res.end("bye");
      setTimeout(() => process.exit(7), 10);
      return;
    }
    if (url.pathname === "/signal") {
      const kind = url.searchParams.get("kind");
      process.send(kind === "cache" ? { verity: kind, name: "tokens", key: url.searchParams.get("key") ?? undefined } : { verity: kind });
      return void res.end("sent");
    }
    if (url.pathname === "/stream") {
      res.writeHead(200, { "content-type": "text/plain" });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`part ${n}\n`);
        if (++n === 3) {
          clearInterval(timer);
          res.end();
        }
      }, 20);
      return;
    }
    const body = Buffer.concat(chunks).toString("utf8");
    res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
    res.setHeader("x-seen-connection", String(req.headers.connection ?? ""));
    res.setHeader("x-seen-keep-alive", String(req.headers["keep-alive"] ?? ""));
    res.writeHead(201, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        host: req.headers.host,
        ip: req.headers["x-verity-client-ip"] ?? null,
        body,
        pid: process.pid,
      }),
    );
  });
});
process.on("message", (message) => {
  globalThis.lastMessage = message;
});
server.listen(socketPath, () => process.send("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
