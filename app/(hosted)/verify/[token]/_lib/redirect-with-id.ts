/** The team's redirect_url with the case's id added (`verification_id`), so its page knows which case came back. */
export function redirectWithId(redirectUrl: string | null, verificationId: string): string | null {
  if (!redirectUrl) return null;
  try {
    const url = new URL(redirectUrl);
    url.searchParams.set("verification_id", verificationId);
    return url.toString();
  } catch {
    return null;
  }
}
