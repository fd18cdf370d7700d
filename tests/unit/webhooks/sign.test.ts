import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newMessageId, newSigningSecret, signWebhook } from "@/lib/server/webhooks/sign";

describe("webhook signing (Standard Webhooks)", () => {
  it("matches the standard's published example", () => {
    const headers = signWebhook({
      messageId: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      body: '{"test": 2432232314}',
      secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
      timestamp: new Date(1614265330 * 1000),
    });
    expect(headers).toEqual({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
  });

  it("makes whsec_ secrets of 32 random bytes, never the same twice", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice("whsec_".length), "base64")).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it("makes msg_ ids", () => {
    expect(newMessageId()).toMatch(/^msg_[\w-]{16}$/);
    expect(newMessageId()).not.toBe(newMessageId());
  });

  it("signs with unix seconds and verifies with the standardwebhooks library", () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ event: "Verified", id: "333" });
    const headers = signWebhook({ messageId: "msg_1", body, secrets: [secret] });
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(5);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual({ event: "Verified", id: "333" });
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow(/No matching signature/);
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow(/No matching signature/);
  });

  it("signs with both secrets during a rotation, so either verifies", () => {
    const current = newSigningSecret();
    const previous = newSigningSecret();
    const body = '{"event":"Created"}';
    const headers = signWebhook({ messageId: "msg_2", body, secrets: [current, previous] });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, { ...headers })).toEqual({ event: "Created" });
  });

  it("refuses to sign without a secret", () => {
    expect(() => signWebhook({ messageId: "msg_3", body: "{}", secrets: [] })).toThrow();
  });
});
