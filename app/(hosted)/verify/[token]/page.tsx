import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LanguageSwitcher } from "@/components/hosted/language-switcher";
import { HostedIntlProvider } from "@/components/hosted/intl-provider";
import { HostedStepProgress } from "@/components/hosted/steps/step-progress";
import { card, heading } from "@/components/hosted/styles";
import { formatterMessages } from "@/i18n/formatter-messages";
import { getHostedLocale } from "@/i18n/hosted-locale";
import { getDb } from "@/lib/db";
import { SELFIE_FRAME_INTERVAL_MS, SELFIE_LEAD_IN_MS, SELFIE_MAX_FRAMES, SELFIE_STEP_MS } from "@/lib/server/liveness/challenge";
import { expireHostedCase } from "@/lib/server/hosted/expire-hosted-cases";
import { getHostedCase } from "@/lib/server/hosted/get-hosted-case";
import { addressDocumentsRequired } from "@/lib/server/hosted/hosted-steps";
import { loadHostedFlow, type HostedFlow } from "@/lib/server/hosted/load-hosted-flow";
import { startSelfieChallenge } from "@/lib/server/hosted/start-selfie-challenge";
import { claimAction, confirmVouchAction, consentAction, nameRefereeAction, startHandoffAction } from "./actions";
import { describeVouch, personForReferee } from "@/lib/server/vouch/vouch-views";
import { getHostedSettings } from "@/lib/server/hosted/get-hosted-settings";
import { REFEREE_RELATIONSHIPS } from "@/lib/server/vouch/referee-rules";
import { NoScriptUpload, UploadNotice } from "./_components/no-script-forms";
import { SandboxCase } from "./_components/sandbox-case";
import {
  AddressStep,
  ClaimForm,
  ConsentPanel,
  PhotoIdStep,
  RefereeConfirmStep,
  ResultPanel,
  SelfieStep,
  VouchStep,
} from "./_components/steps";
import { noticeText, pageTranslator } from "./_lib/page-translator";
import { redirectWithId } from "./_lib/redirect-with-id";
import { currentStepIndex, progressSteps } from "./_lib/step-position";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verify your identity", robots: { index: false, follow: false } };

type Search = { lang?: string; error?: string; retake?: string; left?: string };

const COLLECTS = { photo_id: "document", video_selfie: "selfie", address_evidence: "address" } as const;

export default async function HostedVerificationPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Search>;
}) {
  const { token } = await params;
  const search = await searchParams;
  const db = await getDb();
  const hosted = await getHostedCase(db, token);
  if (!hosted) notFound();
  if (hosted.mode === "sandbox") return <SandboxCase hosted={hosted} token={token} />;
  let flow = (await loadHostedFlow(db, token))!;
  // A visit after the link ran out sends the Expired event now if the sweep has not yet.
  if (flow.expired && !flow.session.expiryNotifiedAt && flow.status === "InProgress") {
    await expireHostedCase(db, { verificationId: flow.verificationId, tenant: flow.tenant });
    flow = (await loadHostedFlow(db, token))!;
  }
  const locale = await getHostedLocale(search.lang);
  const tr = await pageTranslator(locale);
  const { t } = tr;
  const screen = flow.screen;
  const steps = progressSteps(flow);
  const current = currentStepIndex(flow);
  const step = screen.kind === "step" ? screen.step : null;
  const notice = noticeText(tr, { step, error: search.error, retake: search.retake, left: search.left, team: flow.teamName });

  return (
    <HostedIntlProvider locale={locale} messages={await formatterMessages(locale, ["hosted", "hostedPages"])} timeZone="Europe/London">
      <main lang={locale} className="mx-auto flex min-h-screen max-w-xl flex-col gap-5 px-4 py-8 sm:py-14">
        <header className="space-y-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-700" data-testid="team-line">
              {t("hosted.common.teamLine", { team: flow.teamName })}
            </p>
            <LanguageSwitcher current={locale} />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t("hosted.common.title")}</h1>
        </header>
        {screen.kind !== "result" ? <HostedStepProgress steps={steps} current={current} /> : null}
        <UploadNotice message={notice} />
        <Screen flow={flow} token={token} t={t} />
        <p className="mt-auto pt-6 text-center text-xs text-slate-600">{t("hosted.common.poweredBy")}</p>
      </main>
    </HostedIntlProvider>
  );
}

async function Screen({
  flow,
  token,
  t,
}: {
  flow: HostedFlow;
  token: string;
  t: (key: string, values?: Record<string, string | number>) => string;
}) {
  const screen = flow.screen;
  const startHandoff = startHandoffAction.bind(null, token);
  switch (screen.kind) {
    case "result": {
      const back =
        screen.result === "expired" || screen.result === "cancelled" ? null : redirectWithId(flow.redirectUrl, flow.verificationId);
      return <ResultPanel result={screen.result} teamName={flow.teamName} redirectUrl={back} autoRedirectSeconds={back ? 10 : undefined} />;
    }
    case "consent": {
      const collects = [...flow.steps.flatMap((s) => (s in COLLECTS ? [COLLECTS[s as keyof typeof COLLECTS]] : [])), "details" as const];
      return <ConsentPanel teamName={flow.teamName} collects={collects} action={consentAction.bind(null, token)} />;
    }
    case "claim": {
      const c = flow.claim as Record<string, string | undefined>;
      return (
        <ClaimForm
          action={claimAction.bind(null, token)}
          lookupUrl={`/verify/${token}/postcode`}
          initial={{ firstName: c.first_name ?? "", lastName: c.last_name ?? "", dateOfBirth: c.date_of_birth ?? "" }}
        />
      );
    }
    case "vouch": {
      const vouch = await describeVouch(await getDb(), flow.verificationId);
      return (
        <VouchStep
          action={nameRefereeAction.bind(null, token)}
          professional={screen.step === "professional_vouch"}
          relationships={REFEREE_RELATIONSHIPS}
          professions={(await getHostedSettings(await getDb(), flow.tenant)).refereeProfessions}
          waitingFor={vouch.waitingFor}
          endedFor={vouch.endedFor}
          refreshHref={`/verify/${token}`}
        />
      );
    }
    case "referee_confirm": {
      const person = await personForReferee(await getDb(), flow.verificationId);
      if (!person) notFound();
      return (
        <RefereeConfirmStep
          action={confirmVouchAction.bind(null, token)}
          person={person.name}
          facts={person.facts}
          photoUrl={person.hasPhoto ? `/verify/${token}/person-photo` : null}
        />
      );
    }
    case "unsupported":
      return (
        <section aria-labelledby="unsupported" className={card}>
          <h2 id="unsupported" className={heading}>
            {t("hostedPages.unsupported.title")}
          </h2>
          <p className="mt-3 text-slate-700">{t("hostedPages.unsupported.text", { team: flow.teamName })}</p>
        </section>
      );
    case "step":
      if (screen.step === "photo_id") {
        return (
          <>
            <PhotoIdStep token={token} teamName={flow.teamName} initialKind={null} startHandoff={startHandoff} />
            <NoScriptUpload token={token} step="photo_id" t={t} />
          </>
        );
      }
      if (screen.step === "video_selfie") {
        const challenge = await startSelfieChallenge(await getDb(), flow);
        return (
          <SelfieStep
            token={token}
            teamName={flow.teamName}
            challenge={challenge}
            timing={{
              stepMs: SELFIE_STEP_MS,
              frameIntervalMs: SELFIE_FRAME_INTERVAL_MS,
              maxFrames: SELFIE_MAX_FRAMES,
              leadInMs: SELFIE_LEAD_IN_MS,
            }}
            startHandoff={startHandoff}
          />
        );
      }
      return (
        <>
          <AddressStep token={token} teamName={flow.teamName} required={addressDocumentsRequired(flow.steps)} />
          <NoScriptUpload token={token} step="address_evidence" t={t} />
        </>
      );
  }
}
