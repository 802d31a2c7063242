import { useSyncExternalStore } from "react";
import { Toaster } from "sonner";

/** Sonner's own phone layout starts below 600 px; the positions switch at Tailwind's `sm`. */
const WIDE = "(min-width: 640px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Where toasts appear: never over the sticky header, whose cart badge and menu are what an
 * action (add to cart, sign in) has just changed. Phones: bottom-centre, full width; wider
 * screens: bottom-right, away from the header and the page's main column. The server renders
 * the phone position (no toast is ever rendered on the server).
 */
export function AppToaster({ id }: { id?: string }) {
  const wide = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  return <Toaster id={id} position={wide ? "bottom-right" : "bottom-center"} closeButton />;
}
