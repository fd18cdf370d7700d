import { NextResponse } from "next/server";
import type { StepReply } from "@/lib/server/hosted/step-answer";

/**
 * The upload answer as JSON for the capture components (they ask with accept: application/json),
 * or, for a plain form posted without JavaScript, a redirect back to the flow's page carrying
 * what to say (`?error=` code or `?retake=` reason): nothing the person picked is lost but the
 * file inputs, which a browser never keeps.
 */
export function sendReply(request: Request, token: string, reply: StepReply): Response {
  const headers = { "cache-control": "no-store" };
  if ((request.headers.get("accept") ?? "").includes("application/json")) return NextResponse.json(reply.answer, { status: reply.status, headers });
  const url = new URL(`/verify/${token}`, request.url);
  const answer = reply.answer;
  if (!answer.ok && "retake" in answer) {
    url.searchParams.set("retake", answer.retake.reason);
    url.searchParams.set("left", String(answer.attemptsLeft));
  } else if (!answer.ok && "error" in answer) url.searchParams.set("error", answer.error.code);
  return NextResponse.redirect(url, { status: 303, headers });
}
