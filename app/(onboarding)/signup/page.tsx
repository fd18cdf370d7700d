import type { Metadata } from "next";
import { PageShell } from "@/components/onboarding/brand";
import { SignupForm } from "@/components/onboarding/signup-form";
import { card } from "@/components/onboarding/ui";
import { submitSignupAction } from "./actions";

export const metadata: Metadata = { title: { absolute: "Open an account · Demo Money" } };

export default function SignupPage() {
  return (
    <PageShell>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Open your account</h1>
      <p className="mt-2 text-slate-700">It takes about two minutes. Have your address ready.</p>
      <div className={`mt-6 ${card}`}>
        <SignupForm action={submitSignupAction} />
      </div>
    </PageShell>
  );
}
