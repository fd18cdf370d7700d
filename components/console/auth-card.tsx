import Link from "next/link";
import { LogoMark } from "@/components/ui/logo";
import { focusRing } from "./styles";

/** The centred card of the pages a person sees before being inside the console (sign-in, invitation). */
export function AuthCard({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <Link href="/" className={`mx-auto flex w-fit items-center gap-2 text-lg font-semibold text-slate-900 ${focusRing}`}>
          <LogoMark />
          Verity
        </Link>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </div>
    </main>
  );
}
