import { isIP } from "node:net";

/**
 * The header the custom server (server.ts) sets on every request it hands on, Next or the API,
 * after dropping whatever the client sent under that name: the one address the rate limits trust.
 */
export const CLIENT_IP_HEADER = "x-verity-client-ip";

/**
 * The caller's address: the socket's peer, or, behind `trustedHops` reverse proxies that append to
 * X-Forwarded-For, the entry the outermost of them wrote (entries further left are the client's
 * own claims and could be anything).
 */
export function clientIpOf(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string | null {
  let address = remoteAddress;
  if (trustedHops > 0) {
    const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    // A chain shorter than the proxies configured did not come through them all: use the peer.
    address = chain.length >= trustedHops ? chain[chain.length - trustedHops] : remoteAddress;
  }
  if (!address) return null;
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return isIP(bare) ? bare : null;
}

/** The trusted address of a request (null when no server set it, e.g. in-process tests). */
export function trustedClientIp(headers: Headers): string | null {
  const value = headers.get(CLIENT_IP_HEADER);
  return value && isIP(value) ? value : null;
}

/**
 * Stamps the trusted address on a Node request for both routers: Next reads `headers`, the API's
 * adapter reads `rawHeaders`, so both are rewritten and any copy the client sent is dropped.
 */
export function stampClientIp(
  req: { headers: Record<string, string | string[] | undefined>; rawHeaders: string[]; socket: { remoteAddress?: string } },
  trustedHops: number,
): void {
  // Without proxies the address is the connection's: worked out once per connection (keep-alive).
  const socket = req.socket as { remoteAddress?: string; [PEER_IP]?: string };
  const ip =
    trustedHops === 0
      ? (socket[PEER_IP] ??= clientIpOf(socket.remoteAddress, undefined, 0) ?? "")
      : (clientIpOf(socket.remoteAddress, req.headers["x-forwarded-for"], trustedHops) ?? "");
  let raw = req.rawHeaders;
  // The client sent one (or more): every copy goes. Without one (nearly always) the array is kept.
  if (raw.some((value, i) => i % 2 === 0 && isClientIpName(value))) {
    const kept: string[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) if (!isClientIpName(raw[i]!)) kept.push(raw[i]!, raw[i + 1]!);
    raw = kept;
  }
  raw.push(CLIENT_IP_HEADER, ip);
  req.rawHeaders = raw;
  req.headers[CLIENT_IP_HEADER] = ip;
}

const PEER_IP = Symbol("verity.peerIp");

const isClientIpName = (name: string) => name.length === CLIENT_IP_HEADER.length && name.toLowerCase() === CLIENT_IP_HEADER;
