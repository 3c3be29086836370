import { useEffect, useState } from "react";

/** Whether App Bridge runs the page (embedded in Shopify); never in the demo store. */
export function useAppBridgePresent(demo: boolean): boolean {
  const [present, setPresent] = useState(!demo);
  useEffect(() => {
    setPresent(!demo && typeof window !== "undefined" && "shopify" in window);
  }, [demo]);
  return present;
}
