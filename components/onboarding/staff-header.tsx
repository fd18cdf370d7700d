import { ring } from "./ui";

export function SignOutButton({ action }: { action: () => Promise<void> }) {
  return (
    <form action={action}>
      <button type="submit" className={`rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 ${ring}`}>
        Sign out
      </button>
    </form>
  );
}
