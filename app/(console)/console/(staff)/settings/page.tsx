import type { Metadata } from "next";
import { formatDateTime, PageHeader } from "@/components/console/page-header";
import {
  RedirectUrlForm,
  RiskSettingsForm,
  RotateSecretForm,
  VouchSettingsForm,
  WebhookEndpointForm,
} from "@/components/console/settings-forms";
import { ModeBadge } from "@/components/console/status-badge";
import { cardClass } from "@/components/console/styles";
import { requireStaff } from "@/lib/auth/staff-context";
import { getTeamSettings } from "@/lib/server/console/get-team-settings";
import { getRiskSettings } from "@/lib/server/settings/get-risk-settings";
import {
  rotateSecretAction,
  saveEmbedSettingsAction,
  saveRedirectAction,
  saveRiskSettingsAction,
  saveVouchSettingsAction,
  saveWebhookAction,
} from "./actions";
import { getHostedSettings } from "@/lib/server/hosted/get-hosted-settings";
import { EmbedSettingsForm } from "@/components/console/embed-settings-form";
import { getEmbedSettings } from "@/lib/server/security/get-embed-settings";
import { describeWindow } from "@/lib/server/security/rate-limit-settings";
import { getConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const context = await requireStaff();
  const [settings, risk, hosted, embed] = await Promise.all([
    getTeamSettings(context.db, context.tenant),
    getRiskSettings(context.db, context.tenant),
    getHostedSettings(context.db, context.tenant),
    getEmbedSettings(context.db, context.tenant),
  ]);
  const limits = getConfig().rateLimits;
  const canIntegrate = context.can("manage_integrations");
  const canSettings = context.can("manage_settings");
  return (
    <>
      <PageHeader
        title="Settings"
        description={`${context.team.name}: webhooks, risk thresholds and data retention for the current mode, and team-wide defaults.`}
      />
      {!canSettings ? (
        <p className="mb-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
          Your role ({context.role}) can read these settings; owners and admins change them.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="webhooks" className={`${cardClass} p-4 sm:p-6`}>
          <h2 id="webhooks" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            Webhook endpoint <ModeBadge mode={context.mode} />
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {settings.webhook?.url
              ? `Last changed ${formatDateTime(settings.webhook.updated_at)}.`
              : "No endpoint yet: events of this mode are not sent anywhere."}
          </p>
          <div className="mt-4">
            <WebhookEndpointForm
              action={saveWebhookAction}
              url={settings.webhook?.url ?? null}
              enabled={settings.webhook?.enabled ?? true}
              disabled={!canIntegrate}
            />
          </div>
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="font-semibold text-slate-900">Signing secret</h3>
            <p className="mt-1 mb-3 text-sm text-slate-700">
              {settings.webhook?.previous_secret_expires_at
                ? `Rotated: the previous secret is also accepted until ${formatDateTime(settings.webhook.previous_secret_expires_at)}.`
                : "Rotate when a secret may have leaked. The old one stays valid for 24 hours."}
            </p>
            <RotateSecretForm action={rotateSecretAction} disabled={!canIntegrate} />
          </div>
        </section>
        <div className="space-y-6">
          <section aria-labelledby="risk-retention" className={`${cardClass} p-4 sm:p-6`}>
            <h2 id="risk-retention" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
              Risk and retention <ModeBadge mode={context.mode} />
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-700">Thresholds apply to risk assessments that do not send their own.</p>
            <RiskSettingsForm
              action={saveRiskSettingsAction}
              amlThreshold={risk.amlThreshold}
              onlineFootprintThreshold={risk.onlineFootprintThreshold}
              retentionDays={risk.retentionDays}
              disabled={!canSettings}
            />
          </section>
          <section aria-labelledby="vouching" className={`${cardClass} p-4 sm:p-6`}>
            <h2 id="vouching" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
              Vouching <ModeBadge mode={context.mode} />
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-700">Who may vouch for a person who has no usable document.</p>
            <VouchSettingsForm
              action={saveVouchSettingsAction}
              professions={hosted.refereeProfessions}
              refereeLimit={hosted.refereeLimit}
              disabled={!canSettings}
            />
          </section>
          <section aria-labelledby="embedding" className={`${cardClass} p-4 sm:p-6`}>
            <h2 id="embedding" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
              Embedding <ModeBadge mode={context.mode} />
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-700">
              The verification page may be shown in an iframe only on the sites listed here.
            </p>
            <EmbedSettingsForm action={saveEmbedSettingsAction} frameAncestors={embed.frameAncestors} disabled={!canSettings} />
          </section>
          <section aria-labelledby="rate-limits" className={`${cardClass} p-4 sm:p-6`}>
            <h2 id="rate-limits" className="text-lg font-semibold text-slate-900">
              Rate limits
            </h2>
            <p className="mt-1 mb-3 text-sm text-slate-700">
              Set for the whole installation (RATE_LIMIT_* variables); over a limit the API answers 429 with Retry-After.
            </p>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-slate-900">API calls per credential</dt>
              <dd className="text-slate-700">{describeWindow(limits.api)}</dd>
              <dt className="font-medium text-slate-900">Uploads per verification link</dt>
              <dd className="text-slate-700">{describeWindow(limits.uploads)}</dd>
              <dt className="font-medium text-slate-900">Failed sign-ins</dt>
              <dd className="text-slate-700">
                {`${limits.failures.perAccount} in a row per client id or staff email (${limits.failures.perIp} per address), then each try waits 1 s, doubling up to ${limits.failures.maxDelaySeconds >= 120 ? `${Math.round(limits.failures.maxDelaySeconds / 60)} min` : `${limits.failures.maxDelaySeconds} s`}`}
              </dd>
            </dl>
          </section>
          <section aria-labelledby="team-defaults" className={`${cardClass} p-4 sm:p-6`}>
            <h2 id="team-defaults" className="text-lg font-semibold text-slate-900">
              Team defaults
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-700">Apply to live and sandbox alike.</p>
            <RedirectUrlForm action={saveRedirectAction} url={settings.defaultRedirectUrl} disabled={!canSettings} />
          </section>
        </div>
      </div>
    </>
  );
}
