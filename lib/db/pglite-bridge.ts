import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { protocol, type PGlite } from "@electric-sql/pglite";

/**
 * The embedded database shared with the pages' process (issue 14). In production the API's
 * process owns PGlite (one process per data folder) and Next runs in a child process so that its
 * async hooks do not tax the API; the child reaches the same database over the Postgres protocol
 * on a Unix socket served here, with node-postgres as on a real server.
 *
 * PGlite has one session, so the bridge keeps its clients from stepping on each other and on the
 * owner's own statements:
 * - a client's messages run as whole batches (everything up to a Sync or a simple Query), each
 *   under PGlite's query lock, in one synchronous call into its Postgres;
 * - from a batch that leaves the session outside a transaction to the next, nothing is held; a
 *   batch that opens a transaction (ReadyForQuery 'T' or 'E') keeps PGlite's transaction lock for
 *   that client until a later batch ends it, so the owner's statements and other clients wait,
 *   exactly as they wait for the owner's own `transaction()`;
 * - a client that goes away inside a transaction has it rolled back and the lock released;
 * - the file system is synced after each batch that ends outside a transaction, before the
 *   client hears the answer, as PGlite's `query()` does.
 *
 * - statement and portal names are per connection, as on a server: the bridge gives each client's
 *   names a prefix of its own in Parse, Bind, Describe, Execute and Close, and closes the client's
 *   statements when it goes.
 *
 * Only local processes of the same user reach the socket: it sits in a directory of mode 0700
 * that the owner made.
 */
export const DB_BRIDGE_ENV = "VERITY_DB_BRIDGE";

/** node-postgres finds a server's socket as `<host directory>/.s.PGSQL.<port>`. */
export const BRIDGE_PORT = 5432;

interface Locks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawSync(message: Uint8Array): Uint8Array;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** A frontend message longer than this is not the app's: the connection is dropped. */
const MAX_MESSAGE = 256 * 1024 * 1024;

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function cstrings(...values: string[]): Buffer {
  return Buffer.from(values.map((v) => `${v}\0`).join(""), "utf8");
}

/** What a server says after a startup packet: trust, its parameters, ready and idle. */
function startupReply(pid: number): Buffer {
  const auth = Buffer.alloc(4); // AuthenticationOk
  const key = Buffer.alloc(8);
  key.writeInt32BE(pid, 0);
  const parameters: [string, string][] = [
    ["server_version", "17.5"],
    ["server_encoding", "UTF8"],
    ["client_encoding", "UTF8"],
    ["DateStyle", "ISO, MDY"],
    ["integer_datetimes", "on"],
    ["standard_conforming_strings", "on"],
  ];
  return Buffer.concat([
    message("R", auth),
    ...parameters.map(([name, value]) => message("S", cstrings(name, value))),
    message("K", key),
    message("Z", Buffer.from("I")),
  ]);
}

function cstringEnd(message: Buffer, start: number): number {
  const end = message.indexOf(0, start);
  if (end < 0) throw new Error("malformed frontend message");
  return end;
}

/**
 * The message with its statement and portal names given `prefix` (the empty name, the unnamed
 * statement or portal, stays as it is). `statements` follows the client's named statements.
 */
export function withOwnNames(message: Buffer, prefix: string, statements: Set<string>): Buffer {
  const type = message[0];
  // Which names the message carries: [offset of the first, how many in a row].
  let at: number;
  let count = 1;
  let kind: "S" | "P" = "S";
  if (type === 0x50 /* Parse */) at = 5;
  else if (type === 0x42 /* Bind: portal, statement */) {
    at = 5;
    count = 2;
  } else if (type === 0x45 /* Execute: portal */) {
    at = 5;
    kind = "P";
  } else if (type === 0x44 /* Describe */ || type === 0x43 /* Close */) {
    kind = message[5] === 0x50 ? "P" : "S";
    at = 6;
  } else return message;
  const parts: Buffer[] = [message.subarray(0, at)];
  let offset = at;
  for (let i = 0; i < count; i++) {
    const end = cstringEnd(message, offset);
    const name = message.toString("utf8", offset, end);
    const isStatement = type === 0x42 ? i === 1 : kind === "S";
    if (name) {
      parts.push(Buffer.from(prefix + name, "utf8"));
      if (isStatement && type === 0x50) statements.add(name);
      if (isStatement && type === 0x43) statements.delete(name);
    }
    parts.push(message.subarray(end, end + 1));
    offset = end + 1;
  }
  parts.push(message.subarray(offset));
  const out = Buffer.concat(parts);
  out.writeInt32BE(out.length - 1, 1);
  return out;
}

/** The transaction status of the last ReadyForQuery in a backend reply, if any. */
export function lastReadyStatus(reply: Uint8Array): "I" | "T" | "E" | null {
  let status: "I" | "T" | "E" | null = null;
  let offset = 0;
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  while (offset + 5 <= reply.length) {
    const length = view.getInt32(offset + 1);
    if (reply[offset] === 0x5a && length === 5 && offset + 6 <= reply.length)
      status = String.fromCharCode(reply[offset + 5]!) as "I" | "T" | "E";
    offset += 1 + length;
  }
  return status;
}

export interface PgliteBridge {
  /** The directory to give node-postgres as `host`. */
  readonly socketDir: string;
  /** Clients connected now (tests). */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * Serves `pg` on `<socketDir>/.s.PGSQL.5432`. Without `socketDir` the bridge makes a private
 * directory of its own (mode 0700) and removes it on close; a given one must exist and be private.
 */
export async function servePgliteBridge(pg: PGlite, given?: string): Promise<PgliteBridge> {
  const socketDir = given ?? mkdtempSync(path.join(tmpdir(), "verity-db-"));
  const locks = pg as unknown as Locks;
  const sockets = new Set<Socket>();
  let nextPid = 1;

  /** Resolves with the release of PGlite's transaction lock once this caller holds it. */
  const holdTransactionLock = () =>
    new Promise<() => void>((acquired) => {
      void locks._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release)));
    });

  const runBatch = (batch: Uint8Array) => locks._runExclusiveQuery(async () => locks.execProtocolRawSync(batch));

  function serve(socket: Socket): void {
    sockets.add(socket);
    const pid = nextPid++;
    let pending: Buffer = Buffer.alloc(0);
    let batch: Buffer[] = [];
    let started = false;
    let closed = false;
    let release: (() => void) | null = null;
    const prefix = `b${pid}_`;
    const statements = new Set<string>();
    // One batch at a time per client, in the order sent.
    let chain: Promise<void> = Promise.resolve();

    const submit = (messages: Buffer) => {
      chain = chain.then(async () => {
        if (closed) return;
        release ??= await holdTransactionLock();
        let reply: Uint8Array;
        try {
          reply = await runBatch(messages);
        } catch (error) {
          // PGlite answers errors in the protocol; a throw here means its Postgres is unusable.
          console.error("[db] bridged statement failed:", error);
          release();
          release = null;
          socket.destroy();
          return;
        }
        const status = lastReadyStatus(reply);
        if (status !== "T" && status !== "E") {
          await pg.syncToFs();
          release();
          release = null;
        }
        if (!closed) socket.write(reply);
      });
    };

    const onClose = () => {
      if (closed) return;
      closed = true;
      sockets.delete(socket);
      chain = chain.then(async () => {
        if (!release && statements.size === 0) return;
        const inTransaction = release !== null;
        release ??= await holdTransactionLock();
        // Gone inside a transaction: nothing it wrote may stay, and the others may go on.
        if (inTransaction) await runBatch(protocol.serialize.query("ROLLBACK")).catch(() => {});
        // Its statements go with it (the session outlives every client).
        const closes = [...statements].map((name) => protocol.serialize.close({ type: "S", name: prefix + name }));
        if (closes.length) await runBatch(Buffer.concat([...closes, protocol.serialize.sync()])).catch(() => {});
        release();
        release = null;
      });
    };

    socket.on("data", (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!started) {
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (length < 8 || length > 10_000) return void socket.destroy();
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) socket.write("N");
          else if (code === CANCEL_REQUEST) return void socket.destroy();
          else {
            started = true;
            socket.write(startupReply(pid));
          }
          continue;
        }
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1);
        if (length < 4 || length > MAX_MESSAGE) return void socket.destroy();
        if (pending.length < 1 + length) return;
        const one = pending.subarray(0, 1 + length);
        pending = pending.subarray(1 + length);
        const type = one[0];
        if (type === 0x58 /* Terminate */) return void socket.end();
        try {
          batch.push(withOwnNames(one, prefix, statements));
        } catch {
          return void socket.destroy();
        }
        if (type === 0x53 /* Sync */ || type === 0x51 /* Query */) {
          const messages = Buffer.concat(batch);
          batch = [];
          submit(messages);
        }
      }
    });
    socket.on("close", onClose);
    socket.on("error", () => socket.destroy());
  }

  const file = path.join(socketDir, `.s.PGSQL.${BRIDGE_PORT}`);
  const server: Server = createServer(serve);
  const removeOwnDir = () => {
    if (!given) rmSync(socketDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    removeOwnDir();
    throw error;
  }
  chmodSync(file, 0o600);

  return {
    socketDir,
    get connections() {
      return sockets.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          removeOwnDir();
          resolve();
        });
      }),
  };
}
