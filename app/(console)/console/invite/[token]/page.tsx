import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/console/auth-card";
import { AcceptInviteForm } from "@/components/console/invite-form";
import { linkClass } from "@/components/console/styles";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { readInvite } from "@/lib/server/console/accept-invite";
import { acceptInviteAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Join a team", robots: { index: false, follow: false } };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await readInvite(await getDb(), { token, secret: getConfig().auth.secret });
  return (
    <AuthCard>
      {invite.ok ? (
        <>
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Join {invite.value.teamName}</h1>
          <p className="mt-1 mb-6 break-words text-sm text-slate-700">
            You are invited as <strong>{invite.value.role}</strong> with {invite.value.email}.
          </p>
          <AcceptInviteForm action={acceptInviteAction.bind(null, token)} existingUser={invite.value.existingUser} />
        </>
      ) : (
        <>
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Invitation not usable</h1>
          <p className="mt-2 text-sm text-slate-700">{invite.error.message}. Ask a team owner or admin for a new one.</p>
          <p className="mt-4 text-sm">
            <Link href="/console/sign-in" className={linkClass}>
              Go to sign-in
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
