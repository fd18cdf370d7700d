import Link from "next/link";
import { buttonSecondary } from "./styles";

/** The link to a list's next page (keyset cursor), or nothing on the last page. */
export function NextPageLink({ path, cursor, label }: { path: string; cursor: string | null; label: string }) {
  if (!cursor) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex justify-end">
      <Link href={`${path}?cursor=${encodeURIComponent(cursor)}`} className={buttonSecondary}>
        {label}
      </Link>
    </nav>
  );
}
