"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { guessMobile } from "@/components/hosted/capture/capture-signals";
import { HandoffPanel } from "@/components/hosted/handoff/handoff-panel";
import { secondaryButton } from "@/components/hosted/styles";
import type { HandoffView } from "../actions";

export interface HandoffBoxProps {
  /** The case's token: the live link is kept for it in this tab (sessionStorage) and reused. */
  token: string;
  start: () => Promise<HandoffView | null>;
  /** Open at once (no camera here): the QR route, never a silent fallback. */
  open: boolean;
  note?: string | null;
}

type Device = "unknown" | "phone" | "desktop";

/** A phone or tablet (touch first, or says it is mobile) already has the camera this step needs. */
function currentDevice(): Device {
  if (typeof window === "undefined") return "unknown";
  const touch = window.matchMedia?.("(pointer: coarse)").matches ?? false;
  return touch || guessMobile(navigator as Navigator & { userAgentData?: { mobile?: boolean } }) ? "phone" : "desktop";
}

const STORE = "verity-handoff:";
/** A kept link is offered again only while it has this long left. */
const REUSE_MARGIN_MS = 2 * 60_000;

function keptView(token: string): HandoffView | null {
  try {
    const view = JSON.parse(sessionStorage.getItem(STORE + token) ?? "null") as HandoffView | null;
    return view && Date.parse(view.expiresAt) - Date.now() > REUSE_MARGIN_MS ? view : null;
  } catch {
    return null;
  }
}

/**
 * "Continue on my phone", offered where it helps: on a computer, or where this device has no
 * camera (then it opens by itself). One live link per case: reloading the page shows the same
 * link until it runs out. The phone's progress is followed here.
 */
export function HandoffBox({ token, start, open: openNow, note }: HandoffBoxProps) {
  const t = useTranslations("hostedPages");
  const router = useRouter();
  const [view, setView] = useState<HandoffView | null>(null);
  const [clicked, setClicked] = useState(false);
  const [device, setDevice] = useState<Device>("unknown");
  const asked = clicked || openNow;
  const requested = useRef(false);
  useEffect(() => {
    queueMicrotask(() => setDevice(currentDevice()));
  }, []);
  useEffect(() => {
    if (!asked || requested.current) return;
    requested.current = true;
    const kept = keptView(token);
    if (kept) return queueMicrotask(() => setView(kept));
    // null: the case is no longer in progress; the refreshed page says why.
    void start().then((got) => {
      if (!got) return router.refresh();
      try {
        sessionStorage.setItem(STORE + token, JSON.stringify(got));
      } catch {
        // storage full or blocked: the link still works, it is just not reused
      }
      setView(got);
    });
  }, [asked, start, router, token]);
  if (!asked) {
    if (device !== "desktop") return null;
    return (
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-testid="handoff-offer">
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
      {view ? (
        <HandoffPanel
          qrSvg={view.qrSvg}
          link={view.link}
          statusUrl={view.statusUrl}
          onDone={() => router.refresh()}
          onExpired={() => {
            sessionStorage.removeItem(STORE + token);
            router.refresh();
          }}
        />
      ) : (
        <p role="status">…</p>
      )}
    </div>
  );
}
