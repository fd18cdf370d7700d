import type { EvidenceView } from "@/lib/contract/console-views";
import { formatDateTime } from "./page-header";
import { focusRing } from "./styles";

const ROLE_NAMES: Record<string, string> = {
  face_scan: "Face scan",
  document: "Identity document (front)",
  back_side: "Identity document (back)",
  document_face: "Face on the document",
  selfie_frame: "Selfie frame",
  address_document: "Address document",
};

export const evidenceRoleName = (role: string) => ROLE_NAMES[role] ?? role.replace(/_/g, " ");

/** Thumbnails of a case's or assessment's images; each opens full size (served to members only). */
export function EvidenceGrid({ items, subject }: { items: EvidenceView[]; subject: string }) {
  if (items.length === 0) return <p className="text-sm text-slate-700">No evidence images</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="evidence">
      {items.map((item) => {
        const name = evidenceRoleName(item.role);
        const href = `/console/evidence/${encodeURIComponent(item.id)}`;
        return (
          <li key={item.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <a href={href} target="_blank" rel="noopener" className={`group block ${focusRing}`}>
              <span className="block aspect-square bg-slate-100">
                {item.mimeType === "application/pdf" ? (
                  <span className="flex h-full w-full items-center justify-center text-2xl font-bold text-slate-600" aria-hidden="true">
                    PDF
                  </span>
                ) : (
                  // eslint-disable-next-line @next/next/no-img-element -- a private, member-only image: not for Next's public optimiser
                  <img
                    src={href}
                    alt={`${name} of ${subject}`}
                    loading="lazy"
                    className="h-full w-full object-contain transition-opacity group-hover:opacity-90"
                  />
                )}
              </span>
              <span className="block px-3 py-2 text-sm">
                <span className="block font-medium text-brand-700 group-hover:underline">
                  {name}
                  <span className="sr-only"> (full size, opens in a new tab)</span>
                </span>
                <span className="block text-xs text-slate-700">
                  {item.mimeType === "image/png" ? "PNG" : item.mimeType === "application/pdf" ? "PDF" : "JPEG"} ·{" "}
                  {Math.max(1, Math.round(item.byteSize / 1024))} KB · {formatDateTime(item.createdAt)}
                </span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
