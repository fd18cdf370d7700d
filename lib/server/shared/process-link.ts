/**
 * The production server is two processes (server.ts): the API's, which owns the database and runs
 * the webhook relay and the hosted checks, and the pages' (Next) as its child, so that Next's
 * async hooks do not tax the API (issue 14). A signal one process's code gives to in-process
 * listeners must reach the other: committed outbox messages, a case waiting for its checks, a
 * cached answer gone stale. Messages go over the child's IPC channel; the link lives on
 * globalThis because Next bundles its own copies of these modules.
 */
export type PeerMessage = { verity: "outbox" } | { verity: "hosted-checks" } | { verity: "cache"; name: string; key?: string };

export interface ProcessLink {
  /** This process's part: "api" owns the database and the background work, "pages" serves Next. */
  role: "api" | "pages";
  send(message: PeerMessage): void;
}

const KEY = Symbol.for("idv.processLink");
const holder = globalThis as { [KEY]?: ProcessLink };

/** Installs (or, with null, removes) this process's link to its peer. */
export function linkProcess(link: ProcessLink | null): void {
  if (link) holder[KEY] = link;
  else delete holder[KEY];
}

/** Sends to the peer process; false when this process has none (one process, tests, CLI). */
export function tellPeer(message: PeerMessage): boolean {
  const link = holder[KEY];
  if (!link) return false;
  try {
    link.send(message);
    return true;
  } catch {
    // The peer is gone (shutting down or restarting): its own start reads the database afresh.
    return false;
  }
}

/**
 * Sends to the API's process when this is the pages' process of a two-process server, where the
 * background work runs (webhook delivery, hosted checks); false anywhere else, where it runs here.
 */
export function tellOwner(message: PeerMessage): boolean {
  return holder[KEY]?.role === "pages" && tellPeer(message);
}

export function isPeerMessage(value: unknown): value is PeerMessage {
  if (!value || typeof value !== "object") return false;
  const kind = (value as { verity?: unknown }).verity;
  if (kind === "outbox" || kind === "hosted-checks") return true;
  return kind === "cache" && typeof (value as { name?: unknown }).name === "string";
}
