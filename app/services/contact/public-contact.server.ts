import { getEnv } from "../../env.server";

/** What the public pages may show about how to reach us. */
export function publicContact() {
  return { supportEmail: getEnv().mail.supportEmail };
}
