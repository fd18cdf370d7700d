"use client";

import { useActionState } from "react";
import type { SimpleFormState } from "./simple-form";
import { buttonSecondary } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

/**
 * Sends one webhook message again (same webhook-id) and says so next to the button. Stays mounted
 * while the message is being sent (`sending`: disabled), so what it said survives the refresh.
 */
export function WebhookReplayButton({
  action,
  messageId,
  event,
  sending = false,
}: {
  action: Action;
  messageId: string;
  event: string;
  sending?: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, { ok: false, message: null });
  return (
    <form action={formAction} className="flex flex-col items-end gap-1">
      <input type="hidden" name="messageId" value={messageId} />
      <button type="submit" className={`${buttonSecondary} px-3 py-1.5`} disabled={pending || sending}>
        {pending ? "Replaying…" : sending ? "Sending…" : "Replay"}
        <span className="sr-only">
          {" "}
          {event} message {messageId}
        </span>
      </button>
      <p
        aria-live="polite"
        data-testid="replay-message"
        className={`text-xs font-medium empty:hidden ${state.ok ? "text-emerald-800" : "text-rose-800"}`}
      >
        {pending ? "" : state.message}
      </p>
    </form>
  );
}
