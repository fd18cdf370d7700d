import type { Db } from "@/lib/db";
import { teams, type Team } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import type { Actor } from "../shared/tenant";

function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "team"
  );
}

export async function createTeam(db: Db, input: { name: string; defaultRedirectUrl?: string | null; actor: Actor }): Promise<Result<Team>> {
  const name = input.name.trim();
  if (!name) return fail("invalid", "A team needs a name", { detail: { name: "Required" } });
  return db.transaction(async (tx) => {
    const base = slugify(name);
    // Slugs are unique; add a short suffix when the plain one is taken.
    const taken = await tx.query.teams.findFirst({ where: (t, { eq }) => eq(t.slug, base) });
    const slug = taken ? `${base}-${newId("x").slice(2, 8).toLowerCase()}` : base;
    const [team] = await tx
      .insert(teams)
      .values({ id: newId("team"), name, slug, defaultRedirectUrl: input.defaultRedirectUrl ?? null })
      .returning();
    await recordAudit(tx, { teamId: team!.id, actor: input.actor, action: "team.created", targetType: "team", targetId: team!.id });
    return ok(team!);
  });
}
