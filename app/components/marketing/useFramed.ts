import { useEffect, useState } from "react";

/** True when the page runs inside a frame (the Shopify admin), known only after hydration. */
export function useFramed(): boolean {
  const [framed, setFramed] = useState(false);
  useEffect(() => {
    try {
      setFramed(window.top !== window.self);
    } catch {
      setFramed(true); // a cross-origin parent refuses the comparison
    }
  }, []);
  return framed;
}
