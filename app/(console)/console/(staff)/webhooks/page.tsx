import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/console/page-header";
import { buttonPrimary, buttonSecondary, cardClass, inputClass, labelClass, linkClass } from "@/components/console/styles";
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
            Every message sent to your {context.mode} webhook endpoint, newest first. A replay sends the same message again with its <span className="font-mono">webhook-id</span>. The
            endpoint is on the <Link href="/console/settings" className={linkClass}>Settings</Link> page.
          </>
        }
      />
      <form role="search" aria-label="Webhook messages" className={`${cardClass} mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end`}>
        <div className="sm:w-56">
          <label htmlFor="status" className={labelClass}>
            Status
          </label>
          <select id="status" name="status" defaultValue={chosen ?? ""} className={`mt-1 ${inputClass}`}>
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonPrimary}>
            Filter
          </button>
          {chosen ? (
            <Link href="/console/webhooks" className={buttonSecondary}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>
      {!result.ok ? (
        <p role="alert" className="mb-4 text-sm font-medium text-rose-800">
          {result.error.message}
        </p>
      ) : null}
      <WebhookMessageTable messages={data.items} replay={canReplay ? replayWebhookAction : undefined} />
      {raw.cursor || next ? (
        <nav aria-label="Pages" className="mt-4 flex justify-between gap-2">
        {raw.cursor ? (
          <Link href={chosen ? `/console/webhooks?status=${chosen}` : "/console/webhooks"} className={buttonSecondary}>
            ← First page
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link href={`/console/webhooks?${next}`} className={buttonSecondary}>
            Next page →
          </Link>
        ) : null}
        </nav>
      ) : null}

      <section aria-labelledby="replay-range-title" className={`${cardClass} mt-8 p-4`}>
        <h2 id="replay-range-title" className="font-semibold text-slate-900">
          Replay failed messages
        </h2>
        {canReplay ? (
          <>
            <p className="mb-3 mt-1 text-sm text-slate-700">Sends again every message that failed all its tries and was created in the range (from inclusive, to exclusive). Receivers deduplicate by webhook-id.</p>
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
