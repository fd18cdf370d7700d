"use client";

import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import {
  addressLines,
  addressStepSchema,
  detailsStepSchema,
  FIELD_STEP,
  formDataToRaw,
  manualToAddress,
  postcodeField,
  selfieStepSchema,
  signupSchema,
  toFieldErrors,
  type SignupField,
  type SignupFieldErrors,
} from "@/lib/onboarding/signup-schema";
import { initialSignupState, type SignupState } from "@/lib/onboarding/signup-state";
import { AddressPicker, emptyAddressValue, type AddressValue } from "@/components/risk-form/address-picker";
import { RiskFormClassesProvider } from "@/components/risk-form/classes";
import { FaceImageField } from "@/components/risk-form/face-image-field";
import { emptyPersonValue, PersonFields, type PersonValue } from "@/components/risk-form/person-fields";
import { StepProgress } from "./step-progress";
import { linkButton, primaryButton, riskFormClasses, secondaryButton } from "./ui";

type Action = (previous: SignupState, formData: FormData) => Promise<SignupState>;

const STEPS = ["Your details", "Your address", "Selfie", "Check and submit"] as const;
const LAST = STEPS.length - 1;

function firstErrorStep(errors: SignupFieldErrors): number | null {
  const steps = (Object.keys(errors) as SignupField[]).filter((k) => errors[k]?.length).map((k) => FIELD_STEP[k]);
  return steps.length ? Math.min(...steps) : null;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * The multi-step sign-up. All steps stay mounted (hidden ones keep their values and inputs), each
 * step is checked with the shared zod schema before moving on, and the last one dispatches the
 * server action through useActionState. Errors from the server send the person back to the step
 * that has them.
 */
export function SignupForm({ action }: { action: Action }) {
  const [state, formAction, pending] = useActionState(action, initialSignupState);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<SignupFieldErrors>({});
  const [focus, setFocus] = useState<{ kind: "heading" | "error"; n: number } | null>(null);
  const [details, setDetails] = useState<PersonValue>(emptyPersonValue);
  const [address, setAddress] = useState<AddressValue>(emptyAddressValue);
  const [selfie, setSelfie] = useState<File | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A new answer from the server: show its errors where they belong (adjusting state on a
  // changed value during render, as React recommends, rather than in an effect).
  const [seenState, setSeenState] = useState(state);
  if (seenState !== state) {
    setSeenState(state);
    setErrors(state.fieldErrors);
    const back = firstErrorStep(state.fieldErrors);
    if (back !== null) setStep(back);
    setFocus({ kind: back !== null ? "error" : "heading", n: (focus?.n ?? 0) + 1 });
  }

  // Move keyboard and screen-reader focus to the new step's heading, or to the first problem.
  useEffect(() => {
    if (!focus) return;
    const section = formRef.current?.querySelector<HTMLElement>(`[data-step="${step}"]`);
    const target =
      focus.kind === "error"
        ? (section?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? section?.querySelector<HTMLElement>("h2"))
        : section?.querySelector<HTMLElement>("h2");
    target?.focus();
  }, [focus, step]);

  const go = (to: number, kind: "heading" | "error" = "heading") => {
    setStep(to);
    setFocus({ kind, n: (focus?.n ?? 0) + 1 });
  };

  function validateStep(form: HTMLFormElement): SignupFieldErrors {
    const raw = { ...formDataToRaw(new FormData(form)), selfie: selfie ?? undefined };
    const schema = step === 0 ? detailsStepSchema : step === 1 ? addressStepSchema : step === 2 ? selfieStepSchema : signupSchema;
    const result = schema.safeParse(raw);
    return result.success ? {} : toFieldErrors(result.error);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const found = validateStep(form);
    setErrors(found);
    if (Object.keys(found).length) {
      go(firstErrorStep(found) ?? step, "error");
      return;
    }
    if (step < LAST) {
      go(step + 1);
      return;
    }
    const data = new FormData(form);
    data.delete("selfie");
    if (selfie) data.set("selfie", selfie, selfie.name);
    // Dispatched by hand (not <form action>): no automatic form reset wipes the answers on an error.
    startTransition(() => formAction(data));
  }

  const chosenAddress =
    address.mode === "lookup"
      ? address.selected?.address
      : (() => {
          const postcode = postcodeField.safeParse(address.manual.postcode);
          return postcode.success && address.manual.street ? manualToAddress({ ...address.manual, postcode: postcode.data }) : undefined;
        })();
  const dob = details.dob;
  const dobText = dob.day && dob.month && dob.year ? `${Number(dob.day)} ${MONTHS[Number(dob.month) - 1] ?? dob.month} ${dob.year}` : "";

  const summary: { label: string; value: React.ReactNode; step: number }[] = [
    { label: "Name", value: `${details.firstName} ${details.lastName}`.trim(), step: 0 },
    { label: "Email", value: details.email, step: 0 },
    { label: "Date of birth", value: dobText, step: 0 },
    {
      label: "Address",
      value: chosenAddress
        ? addressLines(chosenAddress).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))
        : "Not given",
      step: 1,
    },
    { label: "Selfie", value: selfie ? "Added" : "Not added", step: 2 },
  ];

  return (
    <RiskFormClassesProvider classes={riskFormClasses}>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-describedby="signup-message" className="space-y-6">
        <StepProgress steps={STEPS} current={step} />

        <div id="signup-message" aria-live="assertive" data-testid="signup-message" className="empty:hidden">
          {state.message && <p className="rounded-lg border border-rose-300 bg-rose-50 p-4 font-medium text-rose-900">{state.message}</p>}
        </div>

        <section data-step={0} hidden={step !== 0} aria-labelledby="step-0-title" className="space-y-5">
          <h2 id="step-0-title" tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none sm:text-2xl">
            Your details
          </h2>
          <PersonFields
            value={details}
            onChange={setDetails}
            errors={errors}
            emailHint="We'll use this to contact you about your account."
          />
        </section>

        <section data-step={1} hidden={step !== 1} aria-labelledby="step-1-title" className="space-y-5">
          <h2 id="step-1-title" tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none sm:text-2xl">
            Your address
          </h2>
          <p className="text-slate-700">Enter your postcode and choose your address from the list.</p>
          <AddressPicker value={address} onChange={setAddress} errors={errors} lookupUrl="/api/onboarding/postcode" />
        </section>

        <section data-step={2} hidden={step !== 2} aria-labelledby="step-2-title" className="space-y-5">
          <h2 id="step-2-title" tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none sm:text-2xl">
            Add a selfie
          </h2>
          <p className="text-slate-700">
            You can skip this step. If you add one, we compare it with the photo on your ID if we need to check your identity.
          </p>
          <FaceImageField file={selfie} onChange={setSelfie} errors={errors.selfie} />
        </section>

        <section data-step={3} hidden={step !== 3} aria-labelledby="step-3-title" className="space-y-5">
          <h2 id="step-3-title" tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none sm:text-2xl">
            Check your answers
          </h2>
          <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {summary.map((row) => (
              <div key={row.label} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 p-4 sm:grid-cols-[10rem_1fr_auto]">
                <dt className="font-semibold text-slate-900">{row.label}</dt>
                <dd className="col-span-2 row-start-2 break-words text-slate-800 sm:col-span-1 sm:row-start-1 sm:col-start-2">
                  {row.value}
                </dd>
                <dd className="col-start-2 row-start-1 sm:col-start-3">
                  <button type="button" className={`${linkButton} text-sm`} onClick={() => go(row.step)}>
                    Change<span className="sr-only"> {row.label.toLowerCase()}</span>
                  </button>
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-700">
            When you continue, we check your details with our identity partner to protect you and us from fraud. This takes a few seconds.
          </p>
        </section>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <button type="button" className={secondaryButton} onClick={() => go(step - 1)} disabled={pending}>
              Back
            </button>
          ) : (
            <span className="hidden sm:block" />
          )}
          <button type="submit" className={primaryButton} disabled={pending}>
            {pending ? (
              <>
                <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
                Checking your details…
              </>
            ) : step === LAST ? (
              "Create my account"
            ) : (
              "Continue"
            )}
          </button>
        </div>
      </form>
    </RiskFormClassesProvider>
  );
}
