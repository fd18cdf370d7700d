import { and, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { hostedSessions, verificationStatusEnum, verifications, vouches, type VerificationStatus } from "@/lib/db/schema";
import { displayState } from "../verifications/display-state";
import { BUILT_IN_WORKFLOWS } from "../verifications/workflows";
import { SANDBOX_VERIFICATIONS } from "../sandbox/verifications";
import { afterCursor, decodeCursor, newestFirst, page } from "../shared/cursor";
import { fail, ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";

export interface CaseRow {
  id: string;
  email: string;
  status: VerificationStatus;
  workflowId: string;
  externalId: string | null;
  createdAt: string;
  /** A canned sandbox record (spec 4.10): shown, never changed. */
  canned: boolean;
  /** The spec's display state where the wire status does not tell it (Address only, Awaiting a vouch, Verified by vouch). */
  displayState: string | null;
}

const EXTRA_STATES = new Set(["Address only", "Awaiting a vouch", "Verified by vouch"]);
function extraState(status: VerificationStatus, workflowId: string, accepted: Record<string, string> | null): string | null {
  const steps = BUILT_IN_WORKFLOWS.find((w) => w.id === workflowId)?.steps;
  if (!steps) return null;
  const state = displayState({ status, steps, completedSteps: Object.keys(accepted ?? {}) });
  return EXTRA_STATES.has(state) ? state : null;
}

/** Display states a list can be filtered by, beyond the wire statuses (service-interface §3). */
export const DISPLAY_FILTERS = {
  awaiting_vouch: "Awaiting a vouch",
  verified_by_vouch: "Verified by vouch",
  address_only: "Address only",
} as const;
export type DisplayFilter = keyof typeof DISPLAY_FILTERS;

/** A list filter as the page's one select sends it: a wire status, or a display state. */
export function parseCaseFilter(value: string | null | undefined): { status?: VerificationStatus; display?: DisplayFilter } {
  if (!value) return {};
  if (value in DISPLAY_FILTERS) return { display: value as DisplayFilter };
  const status = (verificationStatusEnum.enumValues as readonly string[]).includes(value) ? (value as VerificationStatus) : undefined;
  return status ? { status } : {};
}

const VOUCH_WORKFLOWS = BUILT_IN_WORKFLOWS.filter((w) => w.steps.some((s) => s === "vouch" || s === "professional_vouch")).map((w) => w.id);
const ADDRESS_ONLY_WORKFLOWS = BUILT_IN_WORKFLOWS.filter((w) => w.steps.length === 1 && w.steps[0] === "address_evidence").map((w) => w.id);

function displayCondition(display: DisplayFilter): SQL {
  switch (display) {
    case "awaiting_vouch":
      return and(
        eq(verifications.status, "InProgress"),
        sql`exists (select 1 from ${vouches} where ${vouches.verificationId} = ${verifications.id} and ${vouches.status} = 'invited')`,
      )!;
    case "verified_by_vouch":
      return and(eq(verifications.status, "Verified"), inArray(verifications.workflowId, VOUCH_WORKFLOWS))!;
    case "address_only":
      return and(eq(verifications.status, "Verified"), inArray(verifications.workflowId, ADDRESS_ONLY_WORKFLOWS))!;
  }
}

export interface CaseSearch {
  status?: VerificationStatus;
  display?: DisplayFilter;
  /** An id, an external id, or part of an email address. */
  q?: string;
  cursor?: string;
  limit?: number;
}

/**
 * The console's case list for one team and mode, newest first by keyset cursor. In sandbox the
 * canned cases 111–999 follow the stored ones on the last page, so "find case 444" works.
 */
export async function searchCases(
  db: Db,
  tenant: Tenant,
  search: CaseSearch,
): Promise<Result<{ cases: CaseRow[]; nextCursor: string | null }>> {
  const limit = Math.min(Math.max(search.limit ?? 25, 1), 100);
  const q = search.q?.trim().slice(0, 200) ?? "";
  const conditions: SQL[] = [ofTenant(verifications, tenant)];
  if (search.status) conditions.push(eq(verifications.status, search.status));
  if (search.display) conditions.push(displayCondition(search.display));
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(eq(verifications.id, q), eq(verifications.externalId, q), ilike(verifications.email, pattern))!);
  }
  if (search.cursor) {
    const cursor = decodeCursor(search.cursor);
    if (!cursor) return fail("invalid", "Invalid cursor", { detail: { cursor: "Use the link to the next page" } });
    conditions.push(afterCursor(verifications, cursor));
  }
  const rows = await db
    .select({
      id: verifications.id,
      email: verifications.email,
      status: verifications.status,
      workflowId: verifications.workflowId,
      externalId: verifications.externalId,
      createdAt: verifications.createdAt,
      accepted: hostedSessions.accepted,
    })
    .from(verifications)
    .leftJoin(hostedSessions, eq(hostedSessions.verificationId, verifications.id))
    .where(and(...conditions))
    .orderBy(...newestFirst(verifications))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  const cases: CaseRow[] = items.map(({ accepted, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    canned: false,
    displayState: extraState(r.status, r.workflowId, accepted),
  }));
  if (tenant.mode === "sandbox" && nextCursor === null)
    cases.push(...cannedMatching(search.status, q).filter((c) => !search.display || c.displayState === DISPLAY_FILTERS[search.display]));
  return ok({ cases, nextCursor });
}

function cannedMatching(status: VerificationStatus | undefined, q: string): CaseRow[] {
  const needle = q.toLowerCase();
  return Object.values(SANDBOX_VERIFICATIONS)
    .filter((v) => !status || v.status === status)
    .filter((v) => !needle || v.id === q || v.external_id === q || v.email.toLowerCase().includes(needle))
    .map((v) => ({
      id: v.id,
      email: v.email,
      status: v.status,
      workflowId: v.workflow_id,
      externalId: v.external_id,
      createdAt: v.created_at,
      canned: true,
      displayState: cannedState(v.status, v.workflow_id),
    }));
}

/** The canned in-progress vouch cases (555, 999) wait only for their vouch, as the spec's table says. */
function cannedState(status: VerificationStatus, workflowId: string): string | null {
  const steps = BUILT_IN_WORKFLOWS.find((w) => w.id === workflowId)?.steps ?? [];
  const done = Object.fromEntries(steps.filter((s) => s !== "vouch" && s !== "professional_vouch").map((s) => [s, "canned"]));
  return extraState(status, workflowId, done);
}
