import "server-only";
import { ServiceClient } from "@/lib/client";
import { getOnboardingConfig } from "./config";

// One client per process, so its token cache is shared by every request (a token lasts a day).
const KEY = Symbol.for("idv.onboardingServiceClient");
type Holder = { [KEY]?: ServiceClient };
const holder = globalThis as Holder;

/** The typed client of the configured service deployment: the only way this app reaches it. */
export function getServiceClient(): ServiceClient {
  if (!holder[KEY]) {
    const config = getOnboardingConfig();
    holder[KEY] = new ServiceClient({ baseUrl: config.serviceBaseUrl, ...config.credentials, timeoutMs: 20_000 });
  }
  return holder[KEY];
}

/** Tests install a client whose fetch goes wherever they like. */
export function setServiceClient(client: ServiceClient | undefined): void {
  holder[KEY] = client;
}
