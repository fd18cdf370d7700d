import compile from "icu-minify/compile";
import type { Locale } from "./locales";
import { loadMessages, type Messages } from "./messages";

type Tree = { [key: string]: string | Tree };
type Compiled = { [key: string]: unknown };

function compileTree(tree: Tree): Compiled {
  const out: Compiled = {};
  for (const [key, value] of Object.entries(tree)) out[key] = typeof value === "string" ? compile(value) : compileTree(value);
  return out;
}

const cache = new Map<string, Compiled>();

/**
 * Messages for the browser's NextIntlClientProvider, compiled ahead of time (icu-minify, next-intl's
 * own precompiler): the browser bundle then carries use-intl's format-only runtime instead of the
 * ICU parser (next.config.mjs aliases `use-intl/format-message` for browser code; ~9 KB gzip less
 * on every hosted page). Server code keeps formatting the plain strings. Compiled once per
 * language and namespace set.
 */
export async function clientMessages<K extends keyof Messages>(locale: Locale, namespaces: readonly K[]): Promise<Pick<Messages, K>> {
  const key = `${locale}:${namespaces.join(",")}`;
  let compiled = cache.get(key);
  if (!compiled) {
    const messages = await loadMessages(locale);
    // Through JSON: the compiler's objects have no prototype, which React will not send to the client.
    compiled = JSON.parse(JSON.stringify(compileTree(Object.fromEntries(namespaces.map((n) => [n, messages[n]])) as unknown as Tree))) as Compiled;
    cache.set(key, compiled);
  }
  // Typed as the plain messages: the provider's type; its runtime reads the compiled form.
  return compiled as unknown as Pick<Messages, K>;
}
