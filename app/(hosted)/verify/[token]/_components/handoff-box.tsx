"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { HandoffPanel } from "@/components/hosted/handoff/handoff-panel";
import { secondaryButton } from "@/components/hosted/styles";
import type { HandoffView } from "../actions";

export interface HandoffBoxProps {
  start: () => Promise<HandoffView | null>;
  /** Open at once (no camera here): the QR route, never a silent fallback. */
  open: boolean;
  note?: string | null;
}

/** "Continue on my phone": a fresh single-use link and its QR code, and the phone's progress followed here. */
export function HandoffBox({ start, open: openNow, note }: HandoffBoxProps) {
  const t = useTranslations("hostedPages");
  const router = useRouter();
  const [view, setView] = useState<HandoffView | null>(null);
  const [clicked, setClicked] = useState(false);
  const asked = clicked || openNow;
  const requested = useRef(false);
  useEffect(() => {
    if (!asked || requested.current) return;
    requested.current = true;
    // null: the case is no longer in progress; the refreshed page says why.
    void start().then((got) => (got ? setView(got) : router.refresh()));
  }, [asked, start, router]);
  if (!asked) {
    return (
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">{t("handoffOffer")}</p>
        <button type="button" className={secondaryButton} onClick={() => setClicked(true)}>
          {t("handoffButton")}
        </button>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-2" data-testid="handoff">
      {note ? <p className="text-sm font-medium text-slate-800">{note}</p> : null}
      {view ? <HandoffPanel qrSvg={view.qrSvg} link={view.link} statusUrl={view.statusUrl} onDone={() => router.refresh()} onExpired={() => router.refresh()} /> : <p role="status">…</p>}
    </div>
  );
}
