/**
 * Where to go after an upload the server refused for good (the case moved on, perhaps in another
 * tab or on the phone, ran out or was locked): the case's page, told why, so it never moves on
 * without saying so (page-translator.ts noticeText words the code).
 */
export function noticeUrl(token: string, code: string): string {
  return `/verify/${token}?${new URLSearchParams({ error: /^[a-z_]{1,40}$/.test(code) ? code : "server" })}`;
}
