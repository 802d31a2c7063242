import { type KeyboardEvent, useEffect, useRef } from "react";

/**
 * A dropdown drawn by a native <details> (it opens without JavaScript and by keyboard): with
 * JavaScript it also closes on an outside click, and on Escape, giving the focus back to its
 * <summary>. Spread `onKeyDown` and `ref` on the <details>.
 */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node))
        ref.current.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === "Escape" && ref.current?.open) {
      ref.current.open = false;
      ref.current.querySelector("summary")?.focus();
    }
  };
  return { ref, onKeyDown };
}
