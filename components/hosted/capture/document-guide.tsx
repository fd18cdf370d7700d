import type { FractionRect } from "./quality";

export type DocumentKind = "passport" | "national_id" | "driving_licence";

// ISO/IEC 7810 sizes: ID-1 cards (ID card, photocard licence) 85.6 × 54 mm; a passport's photo
// page (ID-3) 125 × 88 mm.
const ASPECT: Record<DocumentKind, number> = { passport: 125 / 88, national_id: 85.6 / 54, driving_licence: 85.6 / 54 };

/** The guide in fractions of a picture whose width/height is `pictureAspect`: 88 % wide at most, 80 % high at most, centred. */
export function guideRect(kind: DocumentKind, pictureAspect: number): FractionRect {
  const docAspect = ASPECT[kind];
  let width = 0.88;
  let height = (width * pictureAspect) / docAspect;
  if (height > 0.8) {
    height = 0.8;
    width = (height * docAspect) / pictureAspect;
  }
  return { x: (1 - width) / 2, y: (1 - height) / 2, width, height };
}

/** The frame drawn over the video: the surroundings dimmed, the document's outline, its photo and (passport) MRZ zones. */
export function DocumentGuide({ kind, side, rect }: { kind: DocumentKind; side: "front" | "back"; rect: FractionRect }) {
  const x = rect.x * 100;
  const y = rect.y * 100;
  const w = rect.width * 100;
  const h = rect.height * 100;
  const photo =
    kind === "passport"
      ? { x: x + w * 0.04, y: y + h * 0.2, w: w * 0.26, h: h * 0.5 }
      : side === "front"
        ? { x: x + w * 0.04, y: y + h * 0.2, w: w * 0.28, h: h * 0.6 }
        : null;
  const mrz =
    kind === "passport" || (kind === "national_id" && side === "back")
      ? { y: y + h * (kind === "passport" ? 0.8 : 0.66), h: h * (kind === "passport" ? 0.16 : 0.3) }
      : null;
  return (
    <svg
      className="pointer-events-none absolute inset-0 h-full w-full"
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="document-guide"
    >
      <defs>
        <mask id="guide-hole">
          <rect width="100" height="100" fill="white" />
          <rect x={x} y={y} width={w} height={h} rx="1.5" fill="black" />
        </mask>
      </defs>
      <rect width="100" height="100" fill="rgba(15,23,42,0.55)" mask="url(#guide-hole)" />
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx="1.5"
        fill="none"
        stroke="white"
        strokeWidth="0.8"
        vectorEffect="non-scaling-stroke"
        style={{ strokeWidth: 3 }}
      />
      {photo && (
        <rect
          x={photo.x}
          y={photo.y}
          width={photo.w}
          height={photo.h}
          rx="1"
          fill="none"
          stroke="rgba(255,255,255,0.7)"
          strokeDasharray="2 1.5"
          vectorEffect="non-scaling-stroke"
          style={{ strokeWidth: 1.5 }}
        />
      )}
      {mrz && (
        <rect
          x={x + w * 0.04}
          y={mrz.y}
          width={w * 0.92}
          height={mrz.h}
          rx="0.8"
          fill="none"
          stroke="rgba(255,255,255,0.7)"
          strokeDasharray="2 1.5"
          vectorEffect="non-scaling-stroke"
          style={{ strokeWidth: 1.5 }}
        />
      )}
    </svg>
  );
}
