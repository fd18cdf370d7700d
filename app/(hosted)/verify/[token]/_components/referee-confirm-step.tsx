"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { card, errorBox, heading, primaryButton } from "@/components/hosted/styles";
import { hostedFormClasses } from "./form-classes";
import type { VouchFormState } from "./vouch-step";

type Action = (previous: VouchFormState, formData: FormData) => Promise<VouchFormState>;

export interface RefereeConfirmStepProps {
  action: Action;
  person: string;
  /** What the person claimed, as the referee is asked to confirm it. */
  facts: { name: string; date_of_birth: string; address: string };
  /** The person's selfie (served on this referee's link only), when their workflow took one. */
  photoUrl: string | null;
}

const ITEMS = ["name", "date_of_birth", "address"] as const;
const ANSWERS = ["yes", "no", "not_sure"] as const;

/** The referee, verified, says what they know of the person: each fact yes / no / not sure, and the declaration. */
export function RefereeConfirmStep({ action, person, facts, photoUrl }: RefereeConfirmStepProps) {
  const t = useTranslations("hosted.refereeConfirm");
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, message: null });
  return (
    <section aria-labelledby="confirm-title" className={`${card} space-y-4`}>
      <h2 id="confirm-title" className={heading}>
        {t("title", { person })}
      </h2>
      <p className="text-slate-700">{t("intro", { person })}</p>
      <form action={formAction} className="space-y-5">
        {photoUrl ? (
          <fieldset className="space-y-2" aria-describedby="photo-error">
            <legend className={hostedFormClasses.label}>{t("photo", { person })}</legend>
            {/* eslint-disable-next-line @next/next/no-img-element -- a private, per-referee image: not for Next's public optimiser */}
            <img src={photoUrl} alt={t("photoAlt", { person })} className="h-48 w-36 rounded-lg border border-slate-300 object-cover" />
            <div className="flex flex-wrap gap-4">
              {ANSWERS.map((answer) => (
                <label key={answer} className="inline-flex min-h-11 items-center gap-2 text-base text-slate-900">
                  <input type="radio" name="photo" value={answer} className="h-5 w-5 accent-brand-700" required />
                  {t(`answers.${answer}`)}
                </label>
              ))}
            </div>
            <p id="photo-error" aria-live="polite" className={hostedFormClasses.error}>
              {state.fieldErrors.photo ?? ""}
            </p>
          </fieldset>
        ) : null}
        {ITEMS.map((item) => (
          <fieldset key={item} className="space-y-2" aria-describedby={`${item}-error`}>
            <legend className={hostedFormClasses.label}>{t(item, { value: facts[item] || "—" })}</legend>
            <div className="flex flex-wrap gap-4">
              {ANSWERS.map((answer) => (
                <label key={answer} className="inline-flex min-h-11 items-center gap-2 text-base text-slate-900">
                  <input type="radio" name={item} value={answer} className="h-5 w-5 accent-brand-700" required />
                  {t(`answers.${answer}`)}
                </label>
              ))}
            </div>
            <p id={`${item}-error`} aria-live="polite" className={hostedFormClasses.error}>
              {state.fieldErrors[item] ?? ""}
            </p>
          </fieldset>
        ))}
        <label className="flex items-start gap-3 text-base text-slate-900">
          <input
            type="checkbox"
            name="declaration"
            value="yes"
            className="mt-1 h-5 w-5 accent-brand-700"
            aria-describedby="declaration-error"
          />
          <span>{t("declaration", { person })}</span>
        </label>
        <p id="declaration-error" aria-live="polite" className={hostedFormClasses.error}>
          {state.fieldErrors.declaration ?? ""}
        </p>
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
