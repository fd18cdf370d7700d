import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { card, heading } from "@/components/hosted/styles";
import { getHostedLocale } from "@/i18n/hosted-locale";
import { getDb } from "@/lib/db";
import { redeemHandoff } from "@/lib/server/hosted/redeem-handoff";
import { pageTranslator } from "../../[token]/_lib/page-translator";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verify your identity", robots: { index: false, follow: false }, referrer: "no-referrer" };

/** The desktop's QR code / link lands here on the phone: used once, then on to the case's own page. */
export default async function HandoffPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const redeemed = await redeemHandoff(await getDb(), code);
  if (redeemed) redirect(`/verify/${redeemed.token}`);
  const { t } = await pageTranslator(await getHostedLocale());
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col px-4 py-10">
      <section aria-labelledby="handoff-used" className={card}>
        <h1 id="handoff-used" className={heading}>
          {t("hostedPages.handoffLink.title")}
        </h1>
        <p className="mt-3 text-slate-700">{t("hostedPages.handoffLink.text")}</p>
      </section>
    </main>
  );
}
