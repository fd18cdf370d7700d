import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { blocklistEntries, type NewBlocklistEntry } from "@/lib/db/schema";
import { recordAudit } from "../audit/record-audit";
import { emailKey, identityKey } from "../network/keys";
import { newId } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { authorizeChanger, toEntryView, type BlocklistChanger, type BlocklistEntryView } from "./blocklist-changer";
import { toUnitVector } from "./face-vectors";

export type BlocklistSubject =
  | { kind: "email"; email: string }
  | { kind: "identity"; firstName: string; lastName: string; dateOfBirth: string }
  | { kind: "face"; embedding: number[]; label?: string };

export interface AddBlocklistEntryInput {
  by: BlocklistChanger;
  subject: BlocklistSubject;
  reason: string;
  networkKey: string;
}

const emailSchema = z.email();

function isPastDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date <= new Date()
  );
}

/** The row's keys and label from what staff typed, or field errors. */
function keysOf(
  subject: BlocklistSubject,
  networkKey: string,
): Result<Pick<NewBlocklistEntry, "kind" | "emailKey" | "identityKey" | "faceEmbedding" | "label">> {
  if (subject.kind === "email") {
    const email = subject.email.trim().toLowerCase();
    if (!emailSchema.safeParse(email).success) return fail("invalid", "Check the email", { detail: { email: "Must be an email address" } });
    return ok({ kind: "email", emailKey: emailKey(networkKey, email), identityKey: null, faceEmbedding: null, label: email });
  }
  if (subject.kind === "identity") {
    const detail: Record<string, string> = {};
    const firstName = subject.firstName.trim();
    const lastName = subject.lastName.trim();
    const dateOfBirth = subject.dateOfBirth.trim();
    if (!firstName) detail.firstName = "Required";
    if (!lastName) detail.lastName = "Required";
    if (!isPastDate(dateOfBirth)) detail.dateOfBirth = "Must be a past date, YYYY-MM-DD";
    const key = identityKey(networkKey, { firstName, lastName, dateOfBirth });
    if (Object.keys(detail).length || !key) return fail("invalid", "Check the name and date of birth", { detail });
    return ok({
      kind: "identity",
      emailKey: null,
      identityKey: key,
      faceEmbedding: null,
      label: `${firstName} ${lastName}, born ${dateOfBirth}`,
    });
  }
  const unit = subject.embedding.every(Number.isFinite) ? toUnitVector(subject.embedding) : null;
  if (!unit)
    return fail("invalid", "The face embedding is empty or not a vector of numbers", {
      detail: { embedding: "Must be a non-zero vector of numbers" },
    });
  return ok({ kind: "face", emailKey: null, identityKey: null, faceEmbedding: unit, label: subject.label?.trim() || "Face" });
}

/**
 * Adds a known fraudster to the platform blocklist: by email (any +tag or, for Gmail, dots
 * match), by name + date of birth (any word order), or by a face embedding. Only keys are
 * stored, plus the label shown to whoever added it. Audit-logged in the adding team's log.
 */
export async function addBlocklistEntry(db: Db, input: AddBlocklistEntryInput): Promise<Result<{ entry: BlocklistEntryView }>> {
  const who = await authorizeChanger(db, input.by);
  if (!who.ok) return who;
  const reason = input.reason.trim();
  if (!reason || reason.length > 500)
    return fail("invalid", "Check the reason", {
      detail: { reason: reason ? "At most 500 characters" : "Say why this person is blocklisted" },
    });
  const keys = keysOf(input.subject, input.networkKey);
  if (!keys.ok) return keys;
  const { teamId, actor } = who.value;
  const owner = teamId ? eq(blocklistEntries.addedByTeamId, teamId) : isNull(blocklistEntries.addedByTeamId);
  const sameKey = keys.value.emailKey
    ? eq(blocklistEntries.emailKey, keys.value.emailKey)
    : keys.value.identityKey
      ? eq(blocklistEntries.identityKey, keys.value.identityKey)
      : null;

  return db.transaction(async (tx) => {
    if (sameKey) {
      // Checked among the adder's own entries only: another team's entries are not revealed.
      const [existing] = await tx
        .select({ id: blocklistEntries.id })
        .from(blocklistEntries)
        .where(and(owner, sameKey, isNull(blocklistEntries.removedAt)))
        .limit(1);
      if (existing)
        return fail("conflict", "Already on your blocklist", {
          detail: { [input.subject.kind === "email" ? "email" : "lastName"]: `Already on the blocklist (${existing.id})` },
        });
    }
    const [row] = await tx
      .insert(blocklistEntries)
      .values({ id: newId("blk"), ...keys.value, reason, addedByTeamId: teamId, addedBy: actor.id ?? actor.type })
      .returning();
    await recordAudit(tx, {
      teamId,
      actor,
      action: "blocklist.entry_added",
      targetType: "blocklist_entry",
      targetId: row!.id,
      metadata: { kind: row!.kind, label: row!.label, reason },
    });
    return ok({ entry: toEntryView(row!) });
  });
}
