import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { preparedPerDb } from "@/lib/db/prepared-query";
import { networkIdentities } from "@/lib/db/schema";
import { signal, type SignalResult } from "./signal";

export interface VelocityLimit {
  /** As configured, e.g. "24h". */
  label: string;
  seconds: number;
  /** Most submissions of one email allowed in the window, this one included. */
  limit: number;
}

const byWindows = new Map<number, ReturnType<typeof buildVelocityCounts>>();
/** Every window counted in one indexed query, built once per database and number of windows (issue 14). */
function velocityCounts(windows: number) {
  let query = byWindows.get(windows);
  if (!query) byWindows.set(windows, (query = buildVelocityCounts(windows)));
  return query;
}
function buildVelocityCounts(windows: number) {
  return preparedPerDb((db) => {
    const columns = Object.fromEntries(
      Array.from({ length: windows }, (_, i) => [`w${i}`, sql<number>`count(*) filter (where ${networkIdentities.createdAt} > ${sql.placeholder(`since${i}`)}::timestamptz)::int`]),
    );
    return db
      .select(columns)
      .from(networkIdentities)
      .where(sql`${eq(networkIdentities.emailKey, sql.placeholder("emailKey"))} and ${networkIdentities.createdAt} > ${sql.placeholder("since")}::timestamptz`)
      .prepare(`email_velocity_${windows}`);
  });
}

/**
 * `email_velocity`: submissions of this email across every team in sliding windows
 * (RISK_EMAIL_VELOCITY), this submission included. One indexed query counts every window.
 */
export async function emailVelocitySignal(db: Db, options: { emailKey: string; now: Date; limits: readonly VelocityLimit[] }): Promise<SignalResult> {
  const { emailKey, now, limits } = options;
  if (limits.length === 0) return signal("email_velocity", "NOT_PERFORMED", "No velocity limits configured");
  const longest = Math.max(...limits.map((l) => l.seconds));
  const since = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  const values: Record<string, string> = { emailKey, since: since(longest) };
  limits.forEach((l, i) => (values[`since${i}`] = since(l.seconds)));
  const [row] = await velocityCounts(limits.length)(db).execute(values);
  const counts = limits.map((l, i) => ({ ...l, count: Number((row as Record<string, number> | undefined)?.[`w${i}`] ?? 0) + 1 }));
  const over = counts.filter((c) => c.count > c.limit);
  if (over.length) {
    const worst = over.map((c) => `${c.count} submissions in ${c.label} (limit ${c.limit})`).join("; ");
    return signal("email_velocity", "FAIL", `Unusual velocity for this email across the network: ${worst}`, { fraud: ["LOW_CROSS_TEAM_EMAIL_VELOCITY"] });
  }
  const summary = counts.map((c) => `${c.count}/${c.limit} in ${c.label}`).join(", ");
  return signal("email_velocity", "PASS", `Within normal bounds (${summary})`, { trust: ["NORMAL_EMAIL_VELOCITY"] });
}
