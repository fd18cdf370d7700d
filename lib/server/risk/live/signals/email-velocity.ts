import type { EmailHistory, VelocityLimit } from "./email-history";
import { signal, type SignalResult } from "./signal";

/**
 * `email_velocity`: submissions of this email across every team in sliding windows
 * (RISK_EMAIL_VELOCITY), this submission included, from the counts of `readEmailHistory`.
 */
export function emailVelocitySignal(history: EmailHistory, limits: readonly VelocityLimit[]): SignalResult {
  if (limits.length === 0) return signal("email_velocity", "NOT_PERFORMED", "No velocity limits configured");
  const counts = limits.map((l, i) => ({ ...l, count: (history.windows[i] ?? 0) + 1 }));
  const over = counts.filter((c) => c.count > c.limit);
  if (over.length) {
    const worst = over.map((c) => `${c.count} submissions in ${c.label} (limit ${c.limit})`).join("; ");
    return signal("email_velocity", "FAIL", `Unusual velocity for this email across the network: ${worst}`, {
      fraud: ["LOW_CROSS_TEAM_EMAIL_VELOCITY"],
    });
  }
  const summary = counts.map((c) => `${c.count}/${c.limit} in ${c.label}`).join(", ");
  return signal("email_velocity", "PASS", `Within normal bounds (${summary})`, { trust: ["NORMAL_EMAIL_VELOCITY"] });
}
