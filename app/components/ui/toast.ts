/**
 * Toasts. sonner (about 10 KB) is not part of a page's first visit: the first toast asks the
 * toasters on the page (toaster.tsx) to load it, waits until they are listening, then shows.
 */
type Kind = "success" | "error" | "info";
type Options = {
  toasterId?: string;
  /** A button in the toast, e.g. "Go to cart" after adding a battery. */
  action?: { label: string; onClick: () => void };
};

/** The page's own toaster; a dialog has its own (dialog.tsx). */
export const PAGE_TOASTER = "page";

let wanted = false;
const wantListeners = new Set<() => void>();
const ready = new Map<string, { promise: Promise<void>; resolve: () => void }>();

function readiness(id: string) {
  let entry = ready.get(id);
  if (!entry) {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    entry = { promise, resolve };
    ready.set(id, entry);
  }
  return entry;
}

/** For toaster.tsx: has a toast been asked for yet (then the toasters load sonner)? */
export const toasterDemand = {
  subscribe(listener: () => void) {
    wantListeners.add(listener);
    return () => wantListeners.delete(listener);
  },
  wanted: () => wanted,
  /** A toaster is mounted and listening. */
  listening(id: string) {
    readiness(id).resolve();
  },
  /** A toaster left the page (a dialog closed): the next toast for it waits again. */
  gone(id: string) {
    ready.delete(id);
  },
};

async function show(kind: Kind, message: string | undefined, options?: Options) {
  if (!message) return;
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
  const id = options?.toasterId ?? PAGE_TOASTER;
  const [{ toast }] = await Promise.all([import("sonner"), readiness(id).promise]);
  toast[kind](message, {
    ...(id === PAGE_TOASTER ? {} : { toasterId: id }),
    ...(options?.action ? { action: options.action } : {}),
  });
}

export const toast = {
  success: (message: string | undefined, options?: Options) =>
    void show("success", message, options),
  error: (message: string | undefined, options?: Options) => void show("error", message, options),
  info: (message: string | undefined, options?: Options) => void show("info", message, options),
};
