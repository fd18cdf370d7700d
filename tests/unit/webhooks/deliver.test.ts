import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deliverWebhook, type DeliverWebhookOptions } from "@/lib/server/webhooks/deliver";
import { newSigningSecret } from "@/lib/server/webhooks/sign";
import type { Resolver } from "@/lib/server/webhooks/ssrf-guard";
import { closedPort, startReceiver, type LocalReceiver } from "../../support/local-receiver";

// Every target here is 127.0.0.1; private addresses are only ever refused, never connected to.

describe("deliverWebhook", () => {
  let receiver: LocalReceiver;
  const secret = newSigningSecret();
  const body = JSON.stringify({ event: "Created", id: "111" });
  const send = (url: string, extra: Partial<DeliverWebhookOptions> = {}) =>
    deliverWebhook({ url, body, messageId: "msg_test", secrets: [secret], allowLoopback: true, ...extra });

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  afterEach(() => vi.restoreAllMocks());

  it("POSTs the signed JSON body and reports success", async () => {
    const attempt = await send(receiver.url("/ok/1"));
    expect(attempt).toMatchObject({ ok: true, statusCode: 200, responseBody: "ok", error: null });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    const [got] = receiver.to("/ok/1");
    expect(got).toMatchObject({ method: "POST", body });
    expect(got!.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Verity-Webhooks/1.0",
      "webhook-id": "msg_test",
    });
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toEqual(JSON.parse(body));
  });

  it("keeps the reply of a receiver that answers 500", async () => {
    const attempt = await send(receiver.url("/fail"));
    expect(attempt).toMatchObject({ ok: false, statusCode: 500, responseBody: "receiver exploded", error: "Receiver answered HTTP 500" });
  });

  it("does not follow a redirect", async () => {
    const attempt = await send(receiver.url("/redirect"));
    expect(attempt.ok).toBe(false);
    expect(attempt.statusCode).toBe(302);
    expect(attempt.error).toBe(`Redirect not followed (HTTP 302 to ${receiver.url("/redirect-target")})`);
    expect(receiver.to("/redirect-target")).toHaveLength(0);
  });

  it("gives up after the timeout with no status", async () => {
    const attempt = await send(receiver.url("/slow?ms=3000"), { timeoutMs: 150 });
    expect(attempt).toMatchObject({
      ok: false,
      statusCode: null,
      responseBody: null,
      error: "Timed out after 150 ms waiting for the receiver",
    });
    expect(attempt.durationMs).toBeLessThan(2000);
  });

  it("counts a hanging DNS lookup against the timeout", async () => {
    const hanging: Resolver = () => new Promise(() => {});
    const attempt = await send("https://hangs.example.com/", { timeoutMs: 100, resolve: hanging });
    expect(attempt).toMatchObject({ ok: false, statusCode: null, error: "Timed out after 100 ms waiting for the receiver" });
  });

  it("keeps the status and what arrived when the reply's body outlasts the timeout", async () => {
    const attempt = await send(receiver.url("/slow-body"), { timeoutMs: 150 });
    expect(attempt).toMatchObject({ ok: true, statusCode: 200, responseBody: "partial", error: null });
  });

  it("reports a refused connection", async () => {
    const port = await closedPort();
    const attempt = await send(`http://127.0.0.1:${port}/`);
    expect(attempt).toMatchObject({ ok: false, statusCode: null, responseBody: null });
    expect(attempt.error).toContain("Connection refused");
  });

  it("reads no more of the reply than the excerpt", async () => {
    const attempt = await send(receiver.url("/big"), { maxBodyExcerpt: 100 });
    expect(attempt).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(attempt.responseBody).toBe("x".repeat(100));
  });

  it.each(["https://10.0.0.1/", "https://169.254.169.254/", "https://[fd00::1]/", "http://example.com/", "https://[::ffff:192.168.0.1]/"])(
    "refuses %s before any connection",
    async (url) => {
      const httpRequest = vi.spyOn(http, "request");
      const httpsRequest = vi.spyOn(https, "request");
      const attempt = await send(url, { allowLoopback: false, resolve: async () => ["93.184.216.34"] });
      expect(attempt).toMatchObject({ ok: false, statusCode: null, responseBody: null });
      expect(attempt.error).toMatch(/^webhook_url /);
      expect(httpRequest).not.toHaveBeenCalled();
      expect(httpsRequest).not.toHaveBeenCalled();
    },
  );

  it("refuses at connect time when the DNS answer changes to a private address (rebinding)", async () => {
    let calls = 0;
    const rebinding: Resolver = async () => (++calls === 1 ? ["127.0.0.1"] : ["10.0.0.1"]);
    const attempt = await send(`http://rebind.test:${receiver.port}/rebind`, { resolve: rebinding });
    expect(calls).toBe(2);
    expect(attempt).toMatchObject({ ok: false, statusCode: null });
    expect(attempt.error).toContain("private address (10.0.0.1)");
    expect(receiver.to("/rebind")).toHaveLength(0);
  });

  it("reaches a loopback host name through the guarded lookup", async () => {
    const attempt = await send(`http://named.test:${receiver.port}/named`, { resolve: async () => ["127.0.0.1"] });
    expect(attempt).toMatchObject({ ok: true, statusCode: 200 });
    expect(receiver.to("/named")).toHaveLength(1);
  });

  it("never throws, even without a secret", async () => {
    const attempt = await send(receiver.url("/ok/nosecret"), { secrets: [] });
    expect(attempt.ok).toBe(false);
    expect(attempt.error).toMatch(/^Delivery failed/);
  });
});
