"use client";

import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { AddressPicker, emptyAddressValue, type AddressValue } from "@/components/risk-form/address-picker";
import { RiskFormClassesProvider } from "@/components/risk-form/classes";
import { DateOfBirthField, type DateParts } from "@/components/risk-form/date-of-birth-field";
import { TextField } from "@/components/risk-form/field";
import { card, heading, primaryButton } from "@/components/hosted/styles";
import type { ClaimFormState } from "../_lib/read-claim-form";
import { hostedFormClasses } from "./form-classes";

type Action = (previous: ClaimFormState, formData: FormData) => Promise<ClaimFormState>;

export interface ClaimFormProps {
  action: Action;
  lookupUrl: string;
  initial: { firstName: string; lastName: string; dateOfBirth: string };
}

function parts(iso: string): DateParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? { day: String(Number(m[3])), month: String(Number(m[2])), year: m[1]! } : { day: "", month: "", year: "" };
}

/** Name, date of birth and address (postcode picker or by hand), as the documents will be compared with. */
export function ClaimForm({ action, lookupUrl, initial }: ClaimFormProps) {
  const t = useTranslations("hosted.claim");
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, failed: false });
  const [dob, setDob] = useState<DateParts>(parts(initial.dateOfBirth));
  const [address, setAddress] = useState<AddressValue>(emptyAddressValue);
  const error = (field: keyof ClaimFormState["fieldErrors"]) => (state.fieldErrors[field] ? [t(`errors.${field}`)] : undefined);
  return (
    <section aria-labelledby="claim-title" className={`${card} space-y-5`}>
      <h2 id="claim-title" className={heading}>
        {t("title")}
      </h2>
      <p className="text-slate-700">{t("intro")}</p>
      <RiskFormClassesProvider classes={hostedFormClasses}>
        <form action={formAction} className="space-y-5" noValidate>
          <TextField id="firstName" label={t("firstName")} autoComplete="given-name" defaultValue={initial.firstName} errors={error("firstName")} />
          <TextField id="lastName" label={t("lastName")} autoComplete="family-name" defaultValue={initial.lastName} errors={error("lastName")} />
          <DateOfBirthField value={dob} onChange={setDob} errors={error("dateOfBirth")} />
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold text-slate-900">{t("address")}</legend>
            <AddressPicker
              value={address}
              onChange={setAddress}
              lookupUrl={lookupUrl}
              errors={state.fieldErrors.address ? { address: [t("errors.address")] } : {}}
              copy={{ selectLabel: t("selectAddress"), noMatch: t("noMatch"), chosen: t("chosen"), lookupInstead: t("lookupInstead"), unavailable: t("unavailable") }}
            />
          </fieldset>
          <button type="submit" disabled={pending} className={`${primaryButton} w-full sm:w-auto`}>
            {t("confirm")}
          </button>
        </form>
      </RiskFormClassesProvider>
    </section>
  );
}
