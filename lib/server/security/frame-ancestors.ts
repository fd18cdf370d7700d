import { fail, ok, type Result } from "../shared/result";

/** At most this many origins may frame one team's hosted flow (a CSP header stays short). */
export const MAX_FRAME_ANCESTORS = 10;

// An origin as CSP's host-source grammar allows it, nothing more: scheme, host (a leading `*.`
// wildcard label allowed), optional port. The value goes into a response header, so quotes,
// semicolons, spaces, paths and keywords are refused rather than escaped.
const ORIGIN = /^(https|http):\/\/(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*)(:\d{1,5})?$/;
const LOOPBACK = /^(localhost|127\.0\.0\.1)$/;

/** One origin, normalised (lower case, no trailing slash), or why it cannot frame the flow. */
export function parseFrameAncestor(raw: string): Result<string> {
  const value = raw.trim().toLowerCase().replace(/\/+$/, "");
  const match = ORIGIN.exec(value);
  if (!match) return fail("invalid", `"${raw.trim().slice(0, 80)}" is not an origin like https://app.example.com`);
  const [, scheme, wildcard, host, , port] = match;
  // The hosted flow uses the camera: browsers only grant it to secure contexts, so http is for local tests.
  if (scheme === "http" && !LOOPBACK.test(host!)) return fail("invalid", `${value}: use https (http only for localhost)`);
  if (wildcard && !host!.includes(".")) return fail("invalid", `${value}: a wildcard needs a domain under it (https://*.example.com)`);
  if (port && Number(port.slice(1)) > 65535) return fail("invalid", `${value}: the port is out of range`);
  return ok(value);
}

/** A list typed by a person (one per line, or separated by spaces or commas), normalised and deduplicated. */
export function parseFrameAncestors(text: string): Result<string[]> {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const origins: string[] = [];
  for (const part of parts) {
    const parsed = parseFrameAncestor(part);
    if (!parsed.ok) return fail("invalid", parsed.error.message, { detail: { frameAncestors: parsed.error.message } });
    if (!origins.includes(parsed.value)) origins.push(parsed.value);
  }
  if (origins.length > MAX_FRAME_ANCESTORS) {
    return fail("invalid", `At most ${MAX_FRAME_ANCESTORS} origins`, {
      detail: { frameAncestors: `At most ${MAX_FRAME_ANCESTORS} origins` },
    });
  }
  return ok(origins);
}
