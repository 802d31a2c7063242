import { lazy, Suspense, useSyncExternalStore } from "react";
import { PAGE_TOASTER, toasterDemand } from "./toast";

/** Sonner's own phone layout starts below 600 px; the positions switch at Tailwind's `sm`. */
const WIDE = "(min-width: 640px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const SonnerToaster = lazy(() => import("./sonner-toaster"));

/**
 * Where toasts appear: never over the sticky header, whose cart badge and menu are what an
 * action (add to cart, sign in) has just changed. Phones: bottom-centre, full width; wider
 * screens: bottom-right, away from the header and the page's main column. Nothing is rendered
 * (or downloaded) until the page's first toast (toast.ts); never on the server.
 */
export function AppToaster({ id = PAGE_TOASTER }: { id?: string }) {
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  const wide = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster id={id} position={wide ? "bottom-right" : "bottom-center"} />
    </Suspense>
  );
}
