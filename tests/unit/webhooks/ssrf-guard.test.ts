import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { checkWebhookUrl, classifyAddress, guardedLookup, type Resolver } from "@/lib/server/webhooks/ssrf-guard";

// Only classification and resolution happen here: no test in this file opens a connection.

const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "unicast"],
    ["93.184.216.34", "unicast"],
    ["2606:4700:4700::1111", "unicast"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fd00::1", "unique-local"],
    ["fc00::1", "unique-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["::10.0.0.1", "IPv4-compatible IPv6"],
    ["::127.0.0.1", "IPv4-compatible IPv6"],
    ["64:ff9b::a00:1", "reserved (rfc6052)"],
    ["2001:db8::1", "reserved (reserved)"],
    ["240.0.0.1", "reserved (reserved)"],
    ["198.18.0.1", "reserved (reserved)"],
    ["::a00:1", "IPv4-compatible IPv6"],
    ["fe80::1%eth0", "link-local"],
    ["::ffff:0:a00:1", "reserved (rfc6145)"],
    ["2002:a00:1::", "reserved (6to4)"],
    ["not-an-ip", "invalid"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("does not treat 172.32/12's neighbours as private", () => {
    expect(classifyAddress("172.15.255.255")).toBe("unicast");
    expect(classifyAddress("172.32.0.1")).toBe("unicast");
  });
});

describe("checkWebhookUrl", () => {
  const strict = { allowLoopback: false, resolve: answers("93.184.216.34") };

  it("accepts an https URL whose host resolves to public addresses only", async () => {
    const result = await checkWebhookUrl("https://hooks.example.com/idv?x=1", strict);
    expect(result.ok && result.value.addresses).toEqual(["93.184.216.34"]);
  });

  it.each([
    ["http://hooks.example.com/", "webhook_url must use https"],
    ["ftp://hooks.example.com/", "webhook_url must use https"],
    ["not a url", "webhook_url must be an absolute https URL"],
    ["https://user:pass@hooks.example.com/", "webhook_url must not contain credentials"],
    ["https://127.0.0.1/", "webhook_url resolves to a loopback address (127.0.0.1)"],
    ["https://2130706433/", "webhook_url resolves to a loopback address (127.0.0.1)"],
    ["https://[::1]/", "webhook_url resolves to a loopback address (::1)"],
    ["https://10.0.0.1/", "webhook_url resolves to a private address (10.0.0.1)"],
    ["https://169.254.169.254/latest/meta-data", "webhook_url resolves to a link-local address (169.254.169.254)"],
    ["https://192.168.1.1/", "webhook_url resolves to a private address (192.168.1.1)"],
    ["https://[fd00::1]/", "webhook_url resolves to a unique-local address (fd00::1)"],
    ["https://[::ffff:10.0.0.1]/", "webhook_url resolves to a private address (::ffff:a00:1)"],
  ])("refuses %s", async (url, message) => {
    const result = await checkWebhookUrl(url, strict);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toContain(message);
  });

  it("refuses a host when ANY of its addresses is not public", async () => {
    const result = await checkWebhookUrl("https://mixed.example.com/", { allowLoopback: false, resolve: answers("8.8.8.8", "10.1.2.3") });
    expect(!result.ok && result.error.message).toContain("private address (10.1.2.3)");
  });

  it("refuses a name that resolves to loopback unless loopback is allowed", async () => {
    expect((await checkWebhookUrl("https://localhost/", { allowLoopback: false })).ok).toBe(false);
    expect((await checkWebhookUrl("https://localhost/", { allowLoopback: true })).ok).toBe(true);
  });

  it("allows plain http only to loopback, and only when loopback is allowed", async () => {
    expect((await checkWebhookUrl("http://127.0.0.1:8080/", { allowLoopback: true })).ok).toBe(true);
    expect((await checkWebhookUrl("http://[::1]:8080/", { allowLoopback: true })).ok).toBe(true);
    const publicHttp = await checkWebhookUrl("http://hooks.example.com/", { allowLoopback: true, resolve: answers("93.184.216.34") });
    expect(!publicHttp.ok && publicHttp.error.message).toContain("must use https");
    const loopbackOff = await checkWebhookUrl("http://127.0.0.1/", { allowLoopback: false });
    expect(!loopbackOff.ok && loopbackOff.error.message).toBe("webhook_url must use https");
  });

  it("still refuses private addresses when loopback is allowed", async () => {
    const result = await checkWebhookUrl("https://10.0.0.1/", { allowLoopback: true });
    expect(!result.ok && result.error.message).toContain("private address");
  });

  it("reports a host that does not resolve", async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    const result = await checkWebhookUrl("https://nowhere.invalid/", { allowLoopback: false, resolve: failing });
    expect(!result.ok && result.error.message).toBe("webhook_url host nowhere.invalid could not be resolved (ENOTFOUND)");
  });
});

describe("guardedLookup (connect time)", () => {
  const lookup = (resolve: Resolver, all: boolean, allowLoopback = false) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((done) =>
      guardedLookup({ allowLoopback }, resolve)("hooks.example.com", { all }, (error, address, family) => done({ error, address, family })),
    );

  it("refuses an answer that changed to a private address (rebinding)", async () => {
    const { error } = await lookup(answers("10.0.0.1"), false);
    expect(error?.code).toBe("ESSRFGUARD");
    expect(error?.message).toContain("private address (10.0.0.1)");
  });

  it("answers node:net in the shape it asked for", async () => {
    expect(await lookup(answers("93.184.216.34"), false)).toEqual({ error: null, address: "93.184.216.34", family: 4 });
    const all = await lookup(answers("93.184.216.34", "2606:4700:4700::1111"), true);
    expect(all.address).toEqual([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:4700:4700::1111", family: 6 },
    ]);
  });

  it("lets loopback through only when allowed", async () => {
    expect((await lookup(answers("127.0.0.1"), false, false)).error?.code).toBe("ESSRFGUARD");
    expect((await lookup(answers("127.0.0.1"), false, true)).error).toBeNull();
  });
});
