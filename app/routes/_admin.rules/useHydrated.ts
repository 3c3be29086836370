import { useEffect, useState } from "react";

/**
 * False on the server and on the first render in the browser, true once the page has hydrated.
 * A control whose native default action would change what it shows (a checkbox) stays disabled
 * until then: the page holds input events until it has hydrated
 * (docs/architecture.md#before-hydration), and a box ticked meanwhile would show a
 * state React never saw (docs/product.md#rules). Disabled keeps its size: no shift.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
