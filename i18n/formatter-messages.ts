import compile from "icu-minify/compile";
import formatMessage from "use-intl/format-message";
import type { Locale } from "./locales";
import { loadMessages, type Messages } from "./messages";

type Tree = { [key: string]: string | Tree };
type Compiled = { [key: string]: unknown };

/**
 * Inside the Next build every bundle (server components, server rendering and the browser) formats
 * with use-intl's format-only runtime: next.config.mjs aliases `use-intl/format-message` to it, as
 * next-intl's own plugin does when it precompiles, so no ICU parser ships to the browser (~9 KB gzip
 * on every hosted page). Its messages must then be compiled ahead of time (icu-minify, next-intl's
 * precompiler). Outside the build (tests, the CLI) the full formatter reads the plain strings. The
 * formatter says which it is: format-only takes compiled messages (`raw` false).
 */
export const MESSAGES_PRECOMPILED = (formatMessage as unknown as { raw?: boolean }).raw === false;

function compileTree(tree: Tree): Compiled {
  const out: Compiled = {};
  for (const [key, value] of Object.entries(tree)) out[key] = typeof value === "string" ? compile(value) : compileTree(value);
  return out;
}

const cache = new Map<string, Compiled>();

/**
 * The messages of `namespaces` (default: all) in the form this process's formatter reads: compiled
 * inside the Next build, plain elsewhere. Compiled once per language and namespace set.
 */
export async function formatterMessages<K extends keyof Messages>(locale: Locale, namespaces?: readonly K[]): Promise<Pick<Messages, K>> {
  const messages = await loadMessages(locale);
  const picked = (namespaces ? Object.fromEntries(namespaces.map((n) => [n, messages[n]])) : messages) as Pick<Messages, K>;
  if (!MESSAGES_PRECOMPILED) return picked;
  const key = `${locale}:${namespaces?.join(",") ?? "*"}`;
  let compiled = cache.get(key);
  if (!compiled) {
    // Through JSON: the compiler's objects have no prototype, which React will not send to the client.
    compiled = JSON.parse(JSON.stringify(compileTree(picked as unknown as Tree))) as Compiled;
    cache.set(key, compiled);
  }
  // Typed as the plain messages, the translators' type; their runtime reads the compiled form.
  return compiled as unknown as Pick<Messages, K>;
}
