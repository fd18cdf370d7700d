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

/** Per language, all its messages compiled once; callers pick their namespaces from it. */
const cache = new Map<Locale, Messages>();

async function messagesFor(locale: Locale): Promise<Messages> {
  if (!MESSAGES_PRECOMPILED) return loadMessages(locale);
  let compiled = cache.get(locale);
  if (!compiled) {
    // Through JSON: the compiler's objects have no prototype, which React will not send to the client.
    // Typed as the plain messages, the translators' type; their runtime reads the compiled form.
    compiled = JSON.parse(JSON.stringify(compileTree((await loadMessages(locale)) as unknown as Tree))) as Messages;
    cache.set(locale, compiled);
  }
  return compiled;
}

/** The messages of `namespaces` (default: all) in the form this process's formatter reads: compiled inside the Next build, plain elsewhere. */
export async function formatterMessages<K extends keyof Messages>(locale: Locale, namespaces?: readonly K[]): Promise<Pick<Messages, K>> {
  const messages = await messagesFor(locale);
  return (namespaces ? Object.fromEntries(namespaces.map((n) => [n, messages[n]])) : messages) as Pick<Messages, K>;
}
