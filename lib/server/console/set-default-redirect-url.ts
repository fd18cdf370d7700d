import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { teams } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { fail, ok, type Result } from "../shared/result";
import { authorizeStaff, type StaffRef } from "./authorize-staff";

/** spec 2.2: where a verification without redirect_url sends the person back. Empty clears it. */
export async function setDefaultRedirectUrl(
  db: Db,
  input: { staff: StaffRef; teamId: string; url: string },
): Promise<Result<{ defaultRedirectUrl: string | null }>> {
  const allowed = await authorizeStaff(db, { staff: input.staff, teamId: input.teamId, permission: "manage_settings" });
  if (!allowed.ok) return allowed;
  const url = input.url.trim() || null;
  if (url) {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || !["https:", "http:"].includes(parsed.protocol))
      return fail("invalid", "Invalid URL", { detail: { url: "Must be an absolute http(s) URL" } });
    if (url.length > 2048) return fail("invalid", "URL too long", { detail: { url: "At most 2048 characters" } });
  }
  return db.transaction(async (tx) => {
    await tx.update(teams).set({ defaultRedirectUrl: url }).where(eq(teams.id, input.teamId));
    await recordAudit(tx, {
      teamId: input.teamId,
      actor: allowed.value.actor,
      action: "team.default_redirect_set",
      targetType: "team",
      targetId: input.teamId,
      metadata: { url },
    });
    return ok({ defaultRedirectUrl: url });
  });
}
