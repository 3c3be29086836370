import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEventsUntilHydrated } from "./components/hydration-gate";

// Remix's own client entry, with the page's input events held until it has hydrated
// (docs/architecture.md#before-hydration).
holdEventsUntilHydrated(window);
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
