import { createTranslator } from "next-intl";
import { formatterMessages } from "@/i18n/formatter-messages";
import type { Locale } from "@/i18n/locales";

/** Server-side strings of the hosted pages: `hosted.*` (hosted-capture's keys) and `hostedPages.*` (these pages' own). */
export async function pageTranslator(locale: Locale) {
  const messages = await formatterMessages(locale);
  const t = createTranslator({ locale, messages, timeZone: "Europe/London" });
  const translate = (key: string, values?: Record<string, string | number>) =>
    (t as unknown as (k: string, v?: Record<string, string | number>) => string)(key, values);
  const has = (key: string) => (t as unknown as { has(k: string): boolean }).has(key);
  return { t: translate, has, messages };
}

const CONTEXT: Record<string, "document" | "selfie" | "address"> = {
  photo_id: "document",
  video_selfie: "selfie",
  address_evidence: "address",
};

/** The words for a plain-form upload's answer carried back in the page's query. */
export function noticeText(
  tr: Awaited<ReturnType<typeof pageTranslator>>,
  input: { step: string | null; error?: string; retake?: string; left?: string; team: string },
): string | null {
  const { t, has } = tr;
  // A step that moved on while this tab was not looking (another tab, the phone): say so.
  if (input.error && has(`hostedPages.movedOn.${input.error}`)) return t(`hostedPages.movedOn.${input.error}`, { team: input.team });
  if (input.error && /^[a-z_]{1,40}$/.test(input.error))
    return has(`hosted.upload.errors.${input.error}`)
      ? t(`hosted.upload.errors.${input.error}`, { team: input.team })
      : t("hosted.upload.errors.server");
  if (!input.retake || !/^[a-z_]{1,40}$/.test(input.retake)) return null;
  const context = CONTEXT[input.step ?? ""] ?? "document";
  const key = has(`hosted.retake.${context}.${input.retake}`)
    ? `hosted.retake.${context}.${input.retake}`
    : has(`hostedPages.retake.${input.retake}`)
      ? `hostedPages.retake.${input.retake}`
      : null;
  const left = Number(input.left);
  const attempts = Number.isInteger(left) && left >= 0 ? ` ${t("hosted.upload.attemptsLeft", { count: left })}` : "";
  return `${key ? t(key) : t("hostedPages.errors.retake", { count: Number.isInteger(left) ? left : 0 })}${key ? attempts : ""}`;
}
