"use client";

import { FieldError } from "./field-error";
import { SimpleForm, type SimpleFormState } from "./simple-form";
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from "./styles";

type Action = (previous: SimpleFormState, formData: FormData) => Promise<SimpleFormState>;

export function WebhookEndpointForm({
  action,
  url,
  enabled,
  disabled,
}: {
  action: Action;
  url: string | null;
  enabled: boolean;
  disabled: boolean;
}) {
  return (
    <SimpleForm action={action} id="webhook" className="space-y-3">
      {(state, pending) => (
        <fieldset disabled={disabled || pending} className="space-y-3">
          <legend className="sr-only">Webhook endpoint</legend>
          <div>
            <label htmlFor="webhook-url" className={labelClass}>
              Endpoint URL
            </label>
            <input
              id="webhook-url"
              name="url"
              type="url"
              required
              defaultValue={url ?? ""}
              placeholder="https://hooks.example.com/verity"
              aria-invalid={state.fieldErrors?.url ? true : undefined}
              aria-describedby="webhook-url-hint webhook-url-error"
              className={`mt-1 ${inputClass}`}
            />
            <p id="webhook-url-hint" className="mt-1 text-xs text-slate-700">
              https, reachable from the internet. Events are signed the Standard Webhooks way.
            </p>
            <FieldError id="webhook-url-error" message={state.fieldErrors?.url} />
          </div>
          <div className="flex items-center gap-2">
            <input
              id="webhook-enabled"
              name="enabled"
              type="checkbox"
              defaultChecked={enabled}
              className="h-4 w-4 rounded border-slate-400 accent-brand-700"
            />
            <label htmlFor="webhook-enabled" className="text-sm text-slate-800">
              Send events to this URL
            </label>
          </div>
          <button type="submit" className={buttonPrimary}>
            Save endpoint
          </button>
        </fieldset>
      )}
    </SimpleForm>
  );
}

export function RotateSecretForm({ action, disabled }: { action: Action; disabled: boolean }) {
  return (
    <SimpleForm action={action} id="rotate">
      {(_state, pending) => (
        <button type="submit" disabled={disabled || pending} className={buttonSecondary}>
          Rotate signing secret
        </button>
      )}
    </SimpleForm>
  );
}

export function RedirectUrlForm({ action, url, disabled }: { action: Action; url: string | null; disabled: boolean }) {
  return (
    <SimpleForm action={action} id="redirect" className="space-y-3">
      {(state, pending) => (
        <fieldset disabled={disabled || pending} className="space-y-3">
          <legend className="sr-only">Default redirect URL</legend>
          <div>
            <label htmlFor="redirect-url" className={labelClass}>
              Default redirect URL
            </label>
            <input
              id="redirect-url"
              name="url"
              type="url"
              defaultValue={url ?? ""}
              placeholder="https://www.example.com/verification-complete"
              aria-invalid={state.fieldErrors?.url ? true : undefined}
              aria-describedby="redirect-url-hint redirect-url-error"
              className={`mt-1 ${inputClass}`}
            />
            <p id="redirect-url-hint" className="mt-1 text-xs text-slate-700">
              Where people return after a verification created without <code>redirect_url</code>. Leave empty for none.
            </p>
            <FieldError id="redirect-url-error" message={state.fieldErrors?.url} />
          </div>
          <button type="submit" className={buttonPrimary}>
            Save redirect URL
          </button>
        </fieldset>
      )}
    </SimpleForm>
  );
}

function NumberField({
  id,
  name,
  label,
  hint,
  value,
  min,
  max,
  suffix,
  error,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: number | null;
  min: number;
  max: number;
  suffix?: string;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          defaultValue={value ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          className={`${inputClass} max-w-32`}
        />
        {suffix ? <span className="text-sm text-slate-700">{suffix}</span> : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Thresholds the risk engine uses when a request sends none, and how long this mode's records are kept. */
export function RiskSettingsForm({
  action,
  amlThreshold,
  onlineFootprintThreshold,
  retentionDays,
  disabled,
}: {
  action: Action;
  amlThreshold: number;
  onlineFootprintThreshold: number;
  retentionDays: number | null;
  disabled: boolean;
}) {
  return (
    <SimpleForm action={action} id="risk-settings" className="space-y-4">
      {(state, pending) => (
        <fieldset disabled={disabled || pending} className="space-y-4">
          <legend className="sr-only">Risk thresholds and data retention</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              id="aml-threshold"
              name="amlThreshold"
              label="AML match threshold"
              hint="0–100. A sanctions or PEP list entry counts as a match from this score up. Default 96."
              value={amlThreshold}
              min={0}
              max={100}
              error={state.fieldErrors?.amlThreshold}
            />
            <NumberField
              id="footprint-threshold"
              name="onlineFootprintThreshold"
              label="Online footprint threshold"
              hint="0–100. Email and phone scores below this fail the check. Default 50."
              value={onlineFootprintThreshold}
              min={0}
              max={100}
              error={state.fieldErrors?.onlineFootprintThreshold}
            />
          </div>
          <NumberField
            id="retention-days"
            name="retentionDays"
            label="Data retention period"
            hint="7–3650 days. Cases, risk assessments and monitored accounts older than this are deleted every day, with their images and sent webhooks. Leave empty to keep everything."
            value={retentionDays}
            min={7}
            max={3650}
            suffix="days"
            error={state.fieldErrors?.retentionDays}
          />
          <button type="submit" className={buttonPrimary}>
            Save risk and retention
          </button>
        </fieldset>
      )}
    </SimpleForm>
  );
}

/** The professions a professional referee may have (one per line) and how many people one referee may vouch for a year. */
export function VouchSettingsForm({
  action,
  professions,
  refereeLimit,
  disabled,
}: {
  action: Action;
  professions: string[];
  refereeLimit: number;
  disabled: boolean;
}) {
  return (
    <SimpleForm action={action} id="vouching" className="space-y-3">
      {(state, pending) => (
        <fieldset disabled={disabled || pending} className="space-y-3">
          <legend className="sr-only">Vouching</legend>
          <div>
            <label htmlFor="vouch-professions" className={labelClass}>
              Professions of a professional referee
            </label>
            <textarea
              id="vouch-professions"
              name="professions"
              rows={8}
              defaultValue={professions.join("\n")}
              aria-invalid={state.fieldErrors?.professions ? true : undefined}
              aria-describedby="vouch-professions-hint vouch-professions-error"
              className={`mt-1 font-mono text-sm ${inputClass}`}
            />
            <p id="vouch-professions-hint" className="mt-1 text-xs text-slate-700">
              One per line. The built-in ones (doctor, teacher_or_lecturer, …) are shown translated to people; your own as you write them.
            </p>
            <FieldError id="vouch-professions-error" message={state.fieldErrors?.professions} />
          </div>
          <div>
            <label htmlFor="vouch-limit" className={labelClass}>
              People one referee may vouch for in a year
            </label>
            <input
              id="vouch-limit"
              name="refereeLimit"
              type="number"
              min={1}
              max={50}
              defaultValue={refereeLimit}
              aria-describedby="vouch-limit-error"
              className={`mt-1 max-w-32 ${inputClass}`}
            />
            <FieldError id="vouch-limit-error" message={state.fieldErrors?.refereeLimit} />
          </div>
          <button type="submit" className={buttonPrimary}>
            Save vouching settings
          </button>
        </fieldset>
      )}
    </SimpleForm>
  );
}
