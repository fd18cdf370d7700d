import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageShell } from "@/components/onboarding/brand";
import { SignInForm } from "@/components/onboarding/sign-in-form";
import { card } from "@/components/onboarding/ui";
import { isAdmin, safeNext } from "@/lib/onboarding/admin-auth";
import { signInAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Staff sign-in · Demo Money" }, robots: { index: false } };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  if (await isAdmin()) redirect(next);
  return (
    <PageShell>
      <div className={card}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Staff sign-in</h1>
        <p className="mt-2 text-slate-700">The applicants list is for {`Demo Money`} staff only.</p>
        <div className="mt-6">
          <SignInForm action={signInAction.bind(null, next)} />
        </div>
      </div>
    </PageShell>
  );
}
