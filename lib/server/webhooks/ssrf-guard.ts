import dns from "node:dns";
import { isIP, isIPv6, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { fail, ok, type Result } from "../shared/result";

// ARCHITECTURE (webhooks) and spec 7.5: a webhook URL must be https and reach only public
// addresses; loopback is allowed by configuration for development and tests. Every address a
// host resolves to is checked, once before the request and again at connect time (DNS rebinding).

/** Resolves a host name to every address it has; injectable so tests never need real DNS. */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface GuardPolicy {
  allowLoopback: boolean;
  /** Plain http: every address must be loopback (and loopback must be allowed). */
  requireLoopback?: boolean;
}

export interface GuardedTarget {
  url: URL;
  /** The host without IPv6 brackets, as given to the resolver and to node:net. */
  host: string;
  addresses: string[];
  policy: GuardPolicy;
}

const LABELS: Record<string, string> = {
  private: "private",
  linkLocal: "link-local",
  uniqueLocal: "unique-local",
  carrierGradeNat: "carrier-grade NAT",
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  loopback: "loopback",
};

/** "unicast" (public), "loopback", or the name of why the address is not a delivery target. */
export function classifyAddress(address: string): string {
  const text = isIPv6(address) ? canonicalIPv6(address) : address;
  if (!text || !ipaddr.isValid(text)) return "invalid";
  let ip = ipaddr.parse(text);
  if (ip instanceof ipaddr.IPv6) {
    if (ip.isIPv4MappedAddress()) {
      ip = ip.toIPv4Address(); // ::ffff:10.0.0.1 is 10.0.0.1
    } else if (ip.parts.slice(0, 6).every((p) => p === 0) && (ip.parts[6] !== 0 || (ip.parts[7] ?? 0) > 1)) {
      // IPv4-compatible ::a.b.c.d (deprecated) hides an IPv4 address that ipaddr.js calls unicast.
      return "IPv4-compatible IPv6";
    }
  }
  const range = ip.range();
  if (range === "unicast" || range === "loopback") return range;
  return LABELS[range] ?? `reserved (${range})`;
}

// ipaddr.js reads "::10.0.0.1" as ::ffff:10.0.0.1; the WHATWG parser reads it as the OS does (::a00:1).
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** Refuses an address that the policy does not let a webhook reach. */
export function checkAddress(address: string, policy: GuardPolicy): Result<void> {
  const kind = classifyAddress(address);
  const publicOnly = "it must be reachable from the public internet";
  if (kind === "loopback") {
    return policy.allowLoopback ? ok(undefined) : fail("invalid", `webhook_url resolves to a loopback address (${address}); ${publicOnly}`);
  }
  if (kind === "invalid") return fail("invalid", `webhook_url resolves to an invalid address (${address})`);
  if (kind !== "unicast") return fail("invalid", `webhook_url resolves to a ${kind} address (${address}); ${publicOnly}`);
  if (policy.requireLoopback)
    return fail("invalid", `webhook_url must use https (plain http is allowed only to loopback; it resolves to ${address})`);
  return ok(undefined);
}

/** Checks scheme, credentials and every resolved address; no packet is sent to the host. */
export async function checkWebhookUrl(
  raw: string,
  options: { allowLoopback: boolean; resolve?: Resolver },
): Promise<Result<GuardedTarget>> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("invalid", "webhook_url must be an absolute https URL");
  }
  const httpToLoopback = url.protocol === "http:" && options.allowLoopback;
  if (url.protocol !== "https:" && !httpToLoopback) return fail("invalid", "webhook_url must use https");
  if (url.username || url.password) return fail("invalid", "webhook_url must not contain credentials");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) return fail("invalid", "webhook_url must name a host");
  const policy: GuardPolicy = { allowLoopback: options.allowLoopback, requireLoopback: httpToLoopback };

  let addresses: string[];
  if (isIP(host)) {
    addresses = [host]; // exactly when node:net connects without a lookup
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "lookup failed";
      return fail("invalid", `webhook_url host ${host} could not be resolved (${code})`);
    }
    if (addresses.length === 0) return fail("invalid", `webhook_url host ${host} has no address`);
  }
  for (const address of addresses) {
    const checked = checkAddress(address, policy);
    if (!checked.ok) return checked;
  }
  return ok({ url, host, addresses, policy });
}

/**
 * A `lookup` for node:http(s) that re-checks every address at connect time, so a DNS answer that
 * changed since checkWebhookUrl (rebinding) cannot reach a refused address. IP literals never come
 * here (node:net connects to them directly); checkWebhookUrl has already judged those.
 */
export function guardedLookup(policy: GuardPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        for (const address of addresses) {
          const checked = checkAddress(address, policy);
          if (!checked.ok) return callback(Object.assign(new Error(checked.error.message), { code: "ESSRFGUARD" }), "");
        }
        const answers = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
        const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
        const wanted = family ? answers.filter((a) => a.family === family) : answers;
        const first = wanted[0];
        if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), "");
        if (options.all) return callback(null, wanted);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
