"use client";

import { useTranslations } from "next-intl";
import { useActionState, useId } from "react";
import { adviceBox, card, errorBox, heading, primaryButton, secondaryButton } from "@/components/hosted/styles";
import { hostedFormClasses } from "./form-classes";

export interface VouchFormState {
  fieldErrors: Record<string, string>;
  message: string | null;
  /** What was sent, so a refused form keeps it (React resets a form after its action). */
  values?: Record<string, string>;
}
type Action = (previous: VouchFormState, formData: FormData) => Promise<VouchFormState>;

export interface VouchStepProps {
  action: Action;
  professional: boolean;
  relationships: readonly string[];
  professions: readonly string[];
  /** The referee asked and not yet answered: the page waits for them. */
  waitingFor: string | null;
  /** The last referee who could not vouch (locked out, refused, declined). */
  endedFor: string | null;
  refreshHref: string;
}

const { input, label, error: errorClass } = hostedFormClasses;

/** The person names a referee (or waits for the one they named). Field errors come from the server, in its words. */
export function VouchStep({ action, professional, relationships, professions, waitingFor, endedFor, refreshHref }: VouchStepProps) {
  const t = useTranslations("hosted.vouch");
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, message: null });
  const id = useId();
  const field = (
    name: string,
    text: string,
    control: (props: {
      id: string;
      name: string;
      "aria-describedby": string;
      "aria-invalid": boolean;
      defaultValue: string;
    }) => React.ReactNode,
  ) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${name}`} className={label}>
        {text}
      </label>
      {control({
        id: `${id}-${name}`,
        name,
        "aria-describedby": `${id}-${name}-error`,
        "aria-invalid": !!state.fieldErrors[name],
        defaultValue: state.values?.[name] ?? "",
      })}
      <p id={`${id}-${name}-error`} aria-live="polite" className={errorClass}>
        {state.fieldErrors[name] ?? ""}
      </p>
    </div>
  );
  if (waitingFor) {
    return (
      <section aria-labelledby="vouch-title" className={`${card} space-y-4`} data-testid="vouch-waiting">
        <h2 id="vouch-title" className={heading}>
          {t("waitingTitle")}
        </h2>
        <p className="text-slate-700">{t("waiting", { referee: waitingFor })}</p>
        <a href={refreshHref} className={`${secondaryButton} w-full sm:w-auto`}>
          {t("check")}
        </a>
      </section>
    );
  }
  return (
    <section aria-labelledby="vouch-title" className={`${card} space-y-4`}>
      <h2 id="vouch-title" className={heading}>
        {t("title")}
      </h2>
      <p className="text-slate-700">{t(professional ? "introProfessional" : "intro")}</p>
      {endedFor ? <p className={adviceBox}>{t("ended", { referee: endedFor })}</p> : null}
      {/* Remounted with what was sent after a refusal: React resets a form after its action, and a select's reset ignores defaultValue. */}
      <form key={JSON.stringify(state.values ?? {})} action={formAction} className="space-y-4" noValidate>
        {field("name", t("name"), (p) => (
          <input {...p} type="text" autoComplete="off" className={input} required />
        ))}
        {field("email", t("email"), (p) => (
          <input {...p} type="email" autoComplete="off" className={input} required />
        ))}
        {professional
          ? field("profession", t("profession"), (p) => (
              <select {...p} className={input}>
                <option value="" disabled>
                  {t("choose")}
                </option>
                {professions.map((v) => (
                  <option key={v} value={v}>
                    {/* The built-in list is translated; a team's own professions show as the team wrote them. */}
                    {t.has(`professions.${v}`) ? t(`professions.${v}`) : v}
                  </option>
                ))}
              </select>
            ))
          : field("relationship", t("relationship"), (p) => (
              <select {...p} className={input}>
                <option value="" disabled>
                  {t("choose")}
                </option>
                {relationships.map((v) => (
                  <option key={v} value={v}>
                    {t(`relationships.${v}`)}
                  </option>
                ))}
              </select>
            ))}
        {field("knownYears", t("knownYears"), (p) => (
          <input {...p} type="number" inputMode="numeric" min={0} max={100} className={`${input} max-w-32`} required />
        ))}
        {state.message ? (
          <p role="alert" className={errorBox}>
            {state.message}
          </p>
        ) : null}
        <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={pending}>
          {t("submit")}
        </button>
      </form>
    </section>
  );
}
