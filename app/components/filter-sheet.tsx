import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { SpriteIcon } from "~/components/sprite-icon";
import { useT } from "~/lib/i18n/react";
import { useHydrated } from "./ui/use-hydrated";

const PHONE = "(width < 40rem)";
const SHEET_ID = "filters";
const BUTTON_ID = "filters-button";

/**
 * The catalogue's filters on a phone: a "Filters" button opening a bottom sheet. Without
 * JavaScript the button is a link to #filters and the sheet opens by `:target` (app.css); with it,
 * the sheet opens by state, takes focus, keeps Tab inside, closes on Escape or the backdrop and
 * gives focus back to the button. It closes by itself when the address changes (a filter applied).
 * From `sm` up the sheet is the ordinary inline form and the button is hidden.
 */
export function useFilterSheet(search: string) {
  const hydrated = useHydrated();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = hydrated && openOn === search;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(false);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open && focusOnOpen.current) {
      focusOnOpen.current = false;
      // The first filter (the Close link comes before it).
      sheetRef.current?.querySelector("select")?.focus();
    }
    // Closed by a navigation (Apply): focus would be lost with the hidden sheet.
    const active = document.activeElement;
    if (
      !open &&
      wasOpen.current &&
      (active === document.body || sheetRef.current?.contains(active))
    )
      buttonRef.current?.focus();
    wasOpen.current = open;
    if (!open || !window.matchMedia(PHONE).matches) return;
    const { style } = document.documentElement;
    style.overflow = "hidden";
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpenOn(null);
        buttonRef.current?.focus();
      } else if (event.key === "Tab") trapTab(event, sheetRef.current);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      style.overflow = "";
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return {
    hydrated,
    open,
    buttonRef,
    sheetRef,
    openSheet() {
      focusOnOpen.current = true;
      setOpenOn(search);
    },
    closeSheet() {
      setOpenOn(null);
      buttonRef.current?.focus();
    },
  };
}

type Sheet = ReturnType<typeof useFilterSheet>;

/** The phone's "Filters" button, with the number of filters set. */
export function FiltersButton({
  sheet,
  count,
  className = "",
}: {
  sheet: Sheet;
  count: number;
  className?: string;
}) {
  const t = useT("catalog");
  const content = (
    <>
      <SpriteIcon name="sliders-horizontal" className="size-4" />
      {t("Filters")}
      {count > 0 ? (
        <span className="grid min-w-5 place-items-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
          {count}
          <span className="sr-only"> {t("active")}</span>
        </span>
      ) : null}
    </>
  );
  const classes = `btn-outline px-3.5 ${className}`;
  if (!sheet.hydrated)
    return (
      <a href={`#${SHEET_ID}`} id={BUTTON_ID} className={classes}>
        {content}
      </a>
    );
  return (
    <button
      type="button"
      id={BUTTON_ID}
      ref={sheet.buttonRef}
      aria-expanded={sheet.open}
      aria-controls={SHEET_ID}
      aria-haspopup="dialog"
      onClick={sheet.openSheet}
      className={classes}
    >
      {content}
    </button>
  );
}

/** Keeps Tab and Shift+Tab among the sheet's own controls. */
function trapTab(event: KeyboardEvent, container: HTMLElement | null) {
  const focusable = container?.querySelectorAll<HTMLElement>(
    "a[href], button:not([disabled]), select, input:not([type=hidden])",
  );
  if (!focusable?.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

/**
 * The sheet around the filter form. `closeHref` is where "Close" leads without JavaScript (back to
 * the button; the address without `apply` when the server opened the sheet to show a warning).
 */
export function FilterSheet({
  sheet,
  serverOpen,
  closeHref,
  children,
}: {
  sheet: Sheet;
  /** Open in the server's HTML (a warning to show); closed again once hydrated. */
  serverOpen: boolean;
  closeHref: string;
  children: ReactNode;
}) {
  const { open, hydrated } = sheet;
  const t = useT("catalog");
  const close = (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    sheet.closeSheet();
  };
  return (
    <div
      id={SHEET_ID}
      className="filter-sheet mt-5"
      data-open={open || (!hydrated && serverOpen) ? "" : undefined}
      data-hydrated={hydrated ? "" : undefined}
    >
      <a href={closeHref} tabIndex={-1} onClick={close} className="filter-sheet-backdrop">
        <span className="sr-only">{t("Close filters")}</span>
      </a>
      <div
        ref={sheet.sheetRef as RefObject<HTMLDivElement>}
        {...(open
          ? { role: "dialog", "aria-modal": true, "aria-labelledby": "filters-title" }
          : {})}
        className="filter-sheet-panel"
      >
        <div className="filter-sheet-top">
          <h2 id="filters-title">{t("Filters")}</h2>
          <a
            href={closeHref}
            onClick={close}
            aria-label={t("Close filters")}
            className="icon-btn -mr-2"
          >
            <SpriteIcon name="x" className="size-5" />
          </a>
        </div>
        {children}
      </div>
    </div>
  );
}

export const filterSheetIds = { sheet: SHEET_ID, button: BUTTON_ID };
