import { useEffect, useState } from "react";

/**
 * Under this width of its own box the Audit Log is a list, not a table: about 800 px of the
 * admin's content less the card's margins, and what is left beside the app's own sidebar at
 * 800 px (docs/product.md#audit-log).
 */
export const NARROW_BELOW_PX = 700;

/**
 * Whether the element given to the returned ref is narrower than NARROW_BELOW_PX, followed as
 * it resizes. The server renders the table; a list box that is gone (width 0) changes nothing.
 */
export function useNarrow(): [(element: HTMLElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      if (width > 0) setNarrow(width < NARROW_BELOW_PX);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, narrow];
}
