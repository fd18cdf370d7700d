import net from "node:net";

// A small SMTP server for tests (RFC 5321's core: EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA, RSET,
// NOOP, QUIT), so the SMTP mailer is tested against a real conversation over TCP without a package.

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body, dot-stuffing removed). */
  raw: string;
  auth: { user: string; pass: string } | null;
}

export interface SmtpTestServer {
  port: number;
  url(credentials?: { user: string; pass: string }): string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** `rejectRecipients`: addresses answered 550 at RCPT (a server refusing the mail). */
export async function startSmtpTestServer(options: { rejectRecipients?: string[] } = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let inData = false;
    let dataLines: string[] = [];
    let envelope: { from: string; to: string[] } = { from: "", to: [] };
    let auth: ReceivedMail["auth"] = null;
    let awaitingAuth = false;
    const reply = (text: string) => socket.write(`${text}\r\n`);
    const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();
    const plain = (b64: string) => {
      const [, user = "", pass = ""] = Buffer.from(b64, "base64").toString("utf8").split("\0");
      auth = { user, pass };
      reply("235 2.7.0 Authentication successful");
    };

    const handle = (line: string) => {
      if (inData) {
        if (line === ".") {
          inData = false;
          messages.push({ ...envelope, raw: dataLines.join("\r\n"), auth });
          envelope = { from: "", to: [] };
          return reply("250 2.0.0 Queued");
        }
        dataLines.push(line.startsWith("..") ? line.slice(1) : line);
        return;
      }
      if (awaitingAuth) {
        awaitingAuth = false;
        return plain(line);
      }
      const [verb = "", ...rest] = line.split(" ");
      const arg = rest.join(" ");
      switch (verb.toUpperCase()) {
        case "EHLO":
          return reply("250-test.smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME");
        case "HELO":
          return reply("250 test.smtp");
        case "AUTH": {
          const [method, initial] = arg.split(" ");
          if (method?.toUpperCase() !== "PLAIN") return reply("504 5.5.4 Unrecognized authentication type");
          if (initial) return plain(initial);
          awaitingAuth = true;
          return reply("334 ");
        }
        case "MAIL":
          envelope = { from: address(arg.replace(/^FROM:/i, "")), to: [] };
          return reply("250 2.1.0 Ok");
        case "RCPT": {
          const to = address(arg.replace(/^TO:/i, ""));
          if (options.rejectRecipients?.includes(to)) return reply(`550 5.1.1 <${to}>: Recipient address rejected: User unknown`);
          envelope.to.push(to);
          return reply("250 2.1.5 Ok");
        }
        case "DATA":
          if (envelope.to.length === 0) return reply("554 5.5.1 No valid recipients");
          inData = true;
          dataLines = [];
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          envelope = { from: "", to: [] };
          return reply("250 2.0.0 Ok");
        case "NOOP":
          return reply("250 2.0.0 Ok");
        case "QUIT":
          reply("221 2.0.0 Bye");
          return void socket.end();
        default:
          return reply("502 5.5.2 Command not recognized");
      }
    };

    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let at: number;
      while ((at = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        handle(line);
      }
    });
    reply("220 test.smtp ESMTP ready");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (credentials) =>
      `smtp://${credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : ""}127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The decoded text/plain body of a received message (single part or multipart/alternative). */
export function plainText(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[0]!;
  const split = part.indexOf("\r\n\r\n");
  const headers = part.slice(0, split);
  const body = part.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
