import { useEffect, useState } from "react";

/**
 * False in the server's HTML and the first render in the browser, true once React has hydrated:
 * for controls that exist only for visitors without JavaScript (e.g. a "Sort" button when the
 * select applies itself) and are hidden once scripts run.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
