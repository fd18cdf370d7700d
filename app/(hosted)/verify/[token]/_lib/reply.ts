import { NextResponse } from "next/server";
import type { StepReply } from "@/lib/server/hosted/step-answer";
import { CAPTURE_HEADER } from "@/components/hosted/capture/post-form";

/**
 * The upload answer as JSON for the capture components (they ask with accept: application/json),
 * or, for a plain form posted without JavaScript, a redirect back to the flow's page carrying
 * what to say (`?error=` code or `?retake=` reason): nothing the person picked is lost but the
 * file inputs, which a browser never keeps.
 */
export function sendReply(request: Request, token: string, reply: StepReply): Response {
  const headers = { "cache-control": "no-store" };
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    // The capture components (post-form.ts) read the answer from the body and ask for a 200: a
    // retake or a refusal is a normal path for the person, and the browser logs every 4xx as an error.
    if (request.headers.get(CAPTURE_HEADER) === "1")
      return NextResponse.json(reply.answer, { status: 200, headers: { ...headers, "x-verity-status": String(reply.status) } });
    return NextResponse.json(reply.answer, { status: reply.status, headers });
  }
  const url = new URL(`/verify/${token}`, request.url);
  const answer = reply.answer;
  if (!answer.ok && "retake" in answer) {
    url.searchParams.set("retake", answer.retake.reason);
    url.searchParams.set("left", String(answer.attemptsLeft));
  } else if (!answer.ok && "error" in answer) url.searchParams.set("error", answer.error.code);
  return NextResponse.redirect(url, { status: 303, headers });
}
