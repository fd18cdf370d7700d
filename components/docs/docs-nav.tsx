import { focusRing } from "@/components/ui/focus";
import { MethodBadge } from "./badges";
import { PathText } from "./inline-text";
import { schemaAnchor, type TagGroup } from "./openapi";

const linkClass = `block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`;

function GroupLabel({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
      {children}
    </p>
  );
}

/**
 * The reference's table of contents: the intro, every operation grouped by tag, then the schemas.
 * Rendered twice (phone and desktop layouts), so ids take a prefix to stay unique.
 */
export function DocsNav({ groups, schemaNames, idPrefix }: { groups: TagGroup[]; schemaNames: string[]; idPrefix: string }) {
  return (
    <div className="space-y-5">
      <div>
        <GroupLabel id={`${idPrefix}-intro`}>Overview</GroupLabel>
        <ul aria-labelledby={`${idPrefix}-intro`} className="space-y-0.5">
          <li>
            <a href="#introduction" className={linkClass}>
              Introduction
            </a>
          </li>
          <li>
            <a href="#authentication" className={linkClass}>
              Authentication and modes
            </a>
          </li>
        </ul>
      </div>
      {groups.map((group) => (
        <div key={group.id}>
          <GroupLabel id={`${idPrefix}-${group.id}`}>
            <a href={`#${group.id}`} className={`hover:text-slate-900 hover:underline ${focusRing}`}>
              {group.name}
            </a>
          </GroupLabel>
          <ul aria-labelledby={`${idPrefix}-${group.id}`} className="space-y-0.5">
            {group.operations.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`} className={`${linkClass} flex items-start gap-2`}>
                  <MethodBadge method={entry.method} size="sm" />
                  <span className="min-w-0">
                    <span className="block leading-snug">{entry.operation.summary ?? entry.path}</span>
                    <span className="block font-mono text-xs leading-snug text-slate-600 break-words">
                      <PathText path={entry.path} />
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {schemaNames.length > 0 ? (
        <div>
          <GroupLabel id={`${idPrefix}-schemas`}>
            <a href="#schemas" className={`hover:text-slate-900 hover:underline ${focusRing}`}>
              Schemas
            </a>
          </GroupLabel>
          <ul aria-labelledby={`${idPrefix}-schemas`} className="space-y-0.5">
            {schemaNames.map((name) => (
              <li key={name}>
                <a href={`#${schemaAnchor(name)}`} className={`${linkClass} font-mono text-[0.8rem] [overflow-wrap:anywhere]`}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
