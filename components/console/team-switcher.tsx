import { buttonSecondary, focusRing } from "./styles";

interface TeamOption {
  id: string;
  name: string;
  role: string;
}

/** The teams a member belongs to; a plain name when there is only one. */
export function TeamSwitcher({
  teams,
  currentId,
  action,
}: {
  teams: TeamOption[];
  currentId: string;
  action: (formData: FormData) => Promise<void>;
}) {
  const current = teams.find((t) => t.id === currentId);
  if (teams.length < 2) {
    return (
      <p className="truncate text-sm font-semibold text-slate-900">
        {current?.name} <span className="font-normal text-slate-600">· {current?.role}</span>
      </p>
    );
  }
  return (
    <form action={action} className="flex min-w-0 items-center gap-2">
      <label htmlFor="team-switcher" className="sr-only">
        Team
      </label>
      <select
        id="team-switcher"
        name="team"
        defaultValue={currentId}
        className={`min-w-0 max-w-44 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm font-semibold text-slate-900 ${focusRing}`}
      >
        {teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({t.role})
          </option>
        ))}
      </select>
      <button type="submit" className={`${buttonSecondary} px-3 py-1.5`}>
        Switch
      </button>
    </form>
  );
}
