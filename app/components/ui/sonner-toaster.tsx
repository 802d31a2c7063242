import { useEffect } from "react";
import { Toaster } from "sonner";
import { PAGE_TOASTER, toasterDemand } from "./toast";

/**
 * sonner's toaster, loaded with the page's first toast (toaster.tsx). Its own effect (a child's
 * runs first) subscribes it to new toasts; then this one tells toast.ts that it is listening.
 */
export default function SonnerToaster({
  id,
  position,
}: {
  id: string;
  position: "bottom-right" | "bottom-center";
}) {
  useEffect(() => {
    toasterDemand.listening(id);
    return () => toasterDemand.gone(id);
  }, [id]);
  return <Toaster id={id === PAGE_TOASTER ? undefined : id} position={position} closeButton />;
}
