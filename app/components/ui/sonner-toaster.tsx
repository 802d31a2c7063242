import { useEffect } from "react";
import { Toaster } from "sonner";
import { useT } from "~/lib/i18n/react";
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
  const t = useT("common");
  useEffect(() => {
    toasterDemand.listening(id);
    return () => toasterDemand.gone(id);
  }, [id]);
  // Above a product page's bottom bar on phones (app.css's --buy-bar-height; 0 elsewhere).
  return (
    <Toaster
      id={id === PAGE_TOASTER ? undefined : id}
      position={position}
      closeButton
      containerAriaLabel={t("Notifications")}
      toastOptions={{ closeButtonAriaLabel: t("Close toast") }}
      offset={{ bottom: "calc(var(--buy-bar-height, 0px) + 24px)" }}
      mobileOffset={{ bottom: "calc(var(--buy-bar-height, 0px) + 16px)" }}
    />
  );
}
