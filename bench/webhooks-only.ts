import { benchWebhooks } from "./webhooks";
await benchWebhooks();
