"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useState } from "react";
import { AddressPicker, emptyAddressValue, type AddressErrors, type AddressValue } from "@/components/risk-form/address-picker";
import { RiskFormClassesProvider } from "@/components/risk-form/classes";
import { DateOfBirthField, type DateParts } from "@/components/risk-form/date-of-birth-field";
import { TextField } from "@/components/risk-form/field";
import { ErrorSummary, type SummaryError } from "@/components/hosted/claim/error-summary";
import { card, heading, primaryButton } from "@/components/hosted/styles";
import type { ClaimFormState, ManualField } from "../_lib/read-claim-form";
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

const MANUAL_FIELDS: ManualField[] = ["houseNameOrNumber", "street", "city", "postcode"];

/**
 * Name, date of birth and address (postcode picker or by hand), as the documents will be compared
 * with. Every field is held here, so a refused submit keeps what was typed (React resets a form's
 * uncontrolled fields after its action); the refusal is listed in an error summary at the top,
 * which takes the focus and links to each field (GOV.UK's pattern).
 */
export function ClaimForm({ action, lookupUrl, initial }: ClaimFormProps) {
  const t = useTranslations("hosted.claim");
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, failed: false });
  const [firstName, setFirstName] = useState(initial.firstName);
  const [lastName, setLastName] = useState(initial.lastName);
  const [dob, setDob] = useState<DateParts>(parts(initial.dateOfBirth));
  const [address, setAddress] = useState<AddressValue>(emptyAddressValue);
  const summaryRef = useRef<HTMLDivElement>(null);
  const error = (field: keyof ClaimFormState["fieldErrors"]) => (state.fieldErrors[field] ? [t(`errors.${field}`)] : undefined);
  const manual = state.manualErrors ?? {};

  const addressErrors: AddressErrors = {};
  if (state.fieldErrors.address) addressErrors.address = [t("errors.address")];
  for (const f of MANUAL_FIELDS) if (manual[f]) addressErrors[f] = [t(`errors.${manual[f]}`)];

  const summary: SummaryError[] = [];
  if (state.fieldErrors.firstName) summary.push({ target: "firstName", text: t("errors.firstName") });
  if (state.fieldErrors.lastName) summary.push({ target: "lastName", text: t("errors.lastName") });
  if (state.fieldErrors.dateOfBirth) summary.push({ target: "dobDay", text: t("errors.dateOfBirth") });
  if (state.fieldErrors.address)
    summary.push({ target: address.mode === "manual" ? "houseNameOrNumber" : "lookupPostcode", text: t("errors.address") });
  for (const f of MANUAL_FIELDS) if (manual[f] && address.mode === "manual") summary.push({ target: f, text: t(`errors.${manual[f]}`) });

  // After each refused submit: the summary takes the focus, and the page's title says there is a problem.
  const attempt = state.attempt ?? 0;
  const hasErrors = summary.length > 0;
  useEffect(() => {
    if (!attempt || !hasErrors) return;
    summaryRef.current?.focus();
    const title = document.title.replace(/^[^:]{1,20}: /, "");
    document.title = `${t("errorTitlePrefix")}: ${title}`;
  }, [attempt, hasErrors, t]);

  return (
    <section aria-labelledby="claim-title" className={`${card} space-y-5`}>
      <h2 id="claim-title" className={heading}>
        {t("title")}
      </h2>
      {hasErrors && <ErrorSummary ref={summaryRef} title={t("errorSummary")} errors={summary} />}
      <p className="text-slate-700">{t("intro")}</p>
      <RiskFormClassesProvider classes={hostedFormClasses}>
        <form action={formAction} className="space-y-5" noValidate>
          <TextField
            id="firstName"
            label={t("firstName")}
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            errors={error("firstName")}
          />
          <TextField
            id="lastName"
            label={t("lastName")}
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            errors={error("lastName")}
          />
          <DateOfBirthField value={dob} onChange={setDob} errors={error("dateOfBirth")} />
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold text-slate-900">{t("address")}</legend>
            <AddressPicker
              value={address}
              onChange={setAddress}
              lookupUrl={lookupUrl}
              errors={addressErrors}
              copy={{
                selectLabel: t("selectAddress"),
                noMatch: t("noMatch"),
                chosen: t("chosen"),
                lookupInstead: t("lookupInstead"),
                unavailable: t("unavailable"),
              }}
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
