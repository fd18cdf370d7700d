"use client";

import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { AddressPicker, emptyAddressValue, STAFF_ADDRESS_COPY, type AddressValue } from "./address-picker";
import { useRiskFormClasses } from "./classes";
import { FaceImageField } from "./face-image-field";
import { describedBy, FieldError, TextField } from "./field";
import { emptyPersonValue, PersonFields, type PersonValue } from "./person-fields";

export const ASSESSMENT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "dateOfBirth",
  "phone",
  "address",
  "houseNameOrNumber",
  "street",
  "city",
  "postcode",
  "enrichments",
  "report",
  "faceImage",
] as const;
export type AssessmentField = (typeof ASSESSMENT_FIELDS)[number];

/** What the server action answers when it does not redirect to the new assessment. */
export interface AssessmentFormState {
  message: string | null;
  fieldErrors: Partial<Record<AssessmentField, string[]>>;
}

export const initialAssessmentState: AssessmentFormState = { message: null, fieldErrors: {} };

const ENRICHMENTS = [
  { value: "CREDIT_BUREAU", label: "Credit bureau", hint: "Identity and residency match; needs the address" },
  { value: "ONLINE_FOOTPRINT", label: "Online footprint", hint: "Email and phone scores" },
  { value: "AML", label: "AML screening", hint: "Sanctions and PEP lists; enrols the person in monitoring" },
  { value: "NFD", label: "National fraud database", hint: "Reported frauds" },
] as const;

type Action = (previous: AssessmentFormState, formData: FormData) => Promise<AssessmentFormState>;

/**
 * Staff run a risk assessment by hand: who (the shared person fields), where (the shared address
 * picker over `lookupUrl`), which enrichments and report, and an optional face image. Sent by
 * hand (not `<form action>`), so an error keeps every answer and the prepared image.
 */
export function AssessmentForm({ action, lookupUrl }: { action: Action; lookupUrl: string }) {
  const classes = useRiskFormClasses();
  const [state, formAction, pending] = useActionState(action, initialAssessmentState);
  const [person, setPerson] = useState<PersonValue>(emptyPersonValue);
  const [address, setAddress] = useState<AddressValue>(emptyAddressValue);
  const [face, setFace] = useState<File | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const errors = state.fieldErrors;

  // A refusal from the server: take keyboard and screen-reader focus to what it says.
  useEffect(() => {
    if (state.message) messageRef.current?.focus();
  }, [state]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    if (face) data.set("faceImage", face, face.name);
    startTransition(() => formAction(data));
  }

  const card = "space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
  const heading = "text-base font-semibold text-slate-900";
  return (
    <form onSubmit={onSubmit} noValidate aria-describedby="assessment-message" className="space-y-6">
      <div
        id="assessment-message"
        ref={messageRef}
        tabIndex={-1}
        aria-live="assertive"
        data-testid="assessment-message"
        className="outline-none empty:hidden"
      >
        {state.message && (
          <p className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm font-medium text-rose-900">{state.message}</p>
        )}
      </div>

      <section aria-labelledby="person-title" className={card}>
        <h2 id="person-title" className={heading}>
          Person
        </h2>
        <PersonFields value={person} onChange={setPerson} errors={errors} ownDetails={false} />
        <TextField
          id="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="off"
          hint="International format, like +447700900123"
          errors={errors.phone}
          className="max-w-sm"
        />
      </section>

      <section aria-labelledby="address-title" className={card}>
        <div>
          <h2 id="address-title" className={heading}>
            Address
          </h2>
          <p className={`mt-1 ${classes.hint}`}>Optional, unless you ask for the credit bureau.</p>
        </div>
        <AddressPicker
          value={address}
          onChange={setAddress}
          errors={errors}
          lookupUrl={lookupUrl}
          copy={STAFF_ADDRESS_COPY}
          ownDetails={false}
        />
      </section>

      <section aria-labelledby="checks-title" className={card}>
        <h2 id="checks-title" className={heading}>
          Checks
        </h2>
        <fieldset aria-describedby={describedBy("enrichments-error")} className="space-y-2">
          <legend className={classes.label}>Enrichments</legend>
          <FieldError id="enrichments-error" messages={errors.enrichments} />
          <div className="grid gap-2 sm:grid-cols-2">
            {ENRICHMENTS.map((e) => (
              <label
                key={e.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="checkbox" name="enrichments" value={e.value} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700" />
                <span className="text-sm">
                  <span className="block font-medium text-slate-900">{e.label}</span>
                  <span className="block text-slate-700">{e.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset aria-describedby={describedBy("report-error")} className="space-y-2">
          <legend className={classes.label}>Report</legend>
          <FieldError id="report-error" messages={errors.report} />
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {[
              { value: "headline", label: "Trust score and recommendation" },
              { value: "radar", label: "Fraud radar (experimental)" },
            ].map((r) => (
              <label key={r.value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name="report"
                  value={r.value}
                  defaultChecked={r.value === "headline"}
                  className="h-4 w-4 accent-brand-700"
                />
                {r.label}
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section aria-labelledby="face-title" className={card}>
        <h2 id="face-title" className={heading}>
          Photo
        </h2>
        <FaceImageField
          id="faceImage"
          label="Face image"
          hint="A photo of the person’s face, JPEG or PNG up to 10 MB. It is kept with the assessment as evidence."
          previewAlt="The face image to assess"
          file={face}
          onChange={setFace}
          errors={errors.faceImage}
        />
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        <button type="submit" className={classes.primaryButton} disabled={pending}>
          {pending ? "Assessing…" : "Run assessment"}
        </button>
      </div>
    </form>
  );
}
