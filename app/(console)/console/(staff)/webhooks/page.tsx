import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { FilterBar, ListError, PageLinks, StatusSelect } from "@/components/console/list-page";
import { cardClass, linkClass } from "@/components/console/styles";
import { WebhookMessageTable } from "@/components/console/webhook-message-table";
import { WebhookReplayRangeForm } from "@/components/console/webhook-replay-range-form";
import { DELIVERY_STATUSES } from "@/components/console/webhook-status";
import { webhookMessageStatusSchema } from "@/lib/contract";
import { requireStaff } from "@/lib/auth/staff-context";
import { listWebhookDeliveries } from "@/lib/server/console/list-webhook-deliveries";
import { replayFailedRangeAction, replayWebhookAction } from "./actions";

export const metadata: Metadata = { title: "Webhooks" };

/** The last 24 hours as datetime-local values in UTC, to the minute ("to" rounded up). */
function lastDay(): { from: string; to: string } {
  const now = Date.now();
  const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  return { from: minute(now - 86_400_000), to: minute(now + 60_000) };
}

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<{ status?: string; cursor?: string }> }) {
  const context = await requireStaff();
  const raw = await searchParams;
  const status = webhookMessageStatusSchema.safeParse(raw.status || undefined);
  const chosen = status.success ? status.data : undefined;
  const result = await listWebhookDeliveries(context.db, context.tenant, { status: chosen, cursor: raw.cursor });
  const data = result.ok ? result.value : { items: [], nextCursor: null };
  const filter: Record<string, string> = chosen ? { status: chosen } : {};
  const next = data.nextCursor ? new URLSearchParams({ ...filter, cursor: data.nextCursor }).toString() : null;
  const canReplay = context.can("manage_integrations");
  const range = lastDay();

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Every message sent to your {context.mode} webhook endpoint, newest first. A replay sends the same message again with its{" "}
            <span className="font-mono">webhook-id</span>. The endpoint is on the{" "}
            <Link href="/console/settings" className={linkClass}>
              Settings
            </Link>{" "}
            page.
          </>
        }
      />
      <FilterBar
        label="Webhook messages"
        submit="Filter"
        clearHref="/console/webhooks"
        active={!!chosen}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="sm:w-56">
          <StatusSelect value={chosen ?? ""}>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </StatusSelect>
        </div>
      </FilterBar>
      <ListError message={result.ok ? null : result.error.message} />
      <WebhookMessageTable messages={data.items} replay={canReplay ? replayWebhookAction : undefined} />
      <PageLinks
        firstHref={raw.cursor ? (chosen ? `/console/webhooks?status=${chosen}` : "/console/webhooks") : null}
        nextHref={next ? `/console/webhooks?${next}` : null}
      />

      <section aria-labelledby="replay-range-title" className={`${cardClass} mt-8 p-4`}>
        <h2 id="replay-range-title" className="font-semibold text-slate-900">
          Replay failed messages
        </h2>
        {canReplay ? (
          <>
            <p className="mb-3 mt-1 text-sm text-slate-700">
              Sends again every message that failed all its tries and was created in the range (from inclusive, to exclusive). Receivers
              deduplicate by webhook-id.
            </p>
            <WebhookReplayRangeForm action={replayFailedRangeAction} from={range.from} to={range.to} />
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-700" data-testid="replay-not-allowed">
            Your role ({context.role}) can read webhook messages but not replay them: ask an admin or owner.
          </p>
        )}
      </section>
    </>
  );
}
