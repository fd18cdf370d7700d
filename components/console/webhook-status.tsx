import type { WebhookMessageStatusName } from "@/lib/contract/console-views";

const TONE: Record<WebhookMessageStatusName, string> = {
  delivered: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  failed: "bg-rose-100 text-rose-900 ring-rose-300",
  retrying: "bg-amber-100 text-amber-950 ring-amber-300",
  pending: "bg-sky-100 text-sky-900 ring-sky-300",
  delivering: "bg-sky-100 text-sky-900 ring-sky-300",
};

export const DELIVERY_STATUSES = Object.keys(TONE) as WebhookMessageStatusName[];

/** A webhook message's status as a badge (the same on the case page and the webhooks page). */
export function DeliveryStatus({ status }: { status: WebhookMessageStatusName }) {
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[status]}`}>{status}</span>
  );
}
