import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/console/auth-card";
import { SignInForm } from "@/components/console/sign-in-form";
import { getConfig } from "@/lib/config";
import { getStaffContext } from "@/lib/auth/staff-context";
import { signInWithPassword, signInWithSso } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in", robots: { index: false, follow: false } };

const ERRORS: Record<string, string> = {
  AccessDenied: "That account is not a member of any team here.",
  CredentialsSignin: "That email and password do not match a staff account.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  if (await getStaffContext()) redirect("/console");
  const { error } = await searchParams;
  const oidc = getConfig().auth.oidc;
  return (
    <AuthCard>
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">Sign in to the console</h1>
      <p className="mt-1 text-sm text-slate-700">Staff of a team review cases, risk and alerts here.</p>
      <div className="mt-6">
        <SignInForm
          action={signInWithPassword}
          ssoAction={oidc ? signInWithSso : undefined}
          ssoName={oidc?.name}
          initialMessage={error ? (ERRORS[error] ?? "Sign-in failed. Try again.") : null}
        />
      </div>
    </AuthCard>
  );
}
