import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import {
  SEARCH_SUGGESTIONS_PATH,
  type SearchSuggestion,
  type SuggestionsAnswer,
} from "~/features/catalog/catalog.options";
import { useT } from "~/lib/i18n/react";
import { SpriteIcon } from "./sprite-icon";
import { useHydrated } from "./ui/use-hydrated";

/** The pause in typing after which suggestions are asked for: one request per pause. */
const DEBOUNCE_MS = 250;
const LIST_ID = "site-search-suggestions";
const optionId = (index: number) => `site-search-option-${index}`;

/**
 * The header's search box: a model, a capacity or a vehicle ("DRIVE-40L", "150Ah", "Swift").
 * A GET form to the catalogue (`/allproduct?q=`), so it works without JavaScript. With it, the
 * box is a combobox (ARIA 1.2): suggestions from `/search/suggestions` after a pause in typing,
 * ArrowDown/ArrowUp to move through them, Enter to open one (or search for the text), Escape to
 * close the list (or, closed, to clear the box).
 */
export function SiteSearch({ className = "" }: { className?: string }) {
  const t = useT("common");
  const scripted = useHydrated();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // On the catalogue the box shows what was searched for.
  const searched = pathname === "/allproduct" ? (new URLSearchParams(search).get("q") ?? "") : "";
  const [text, setText] = useState(searched);
  const [typed, setTyped] = useState(false);
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setText(searched);
    setTyped(false);
    setOpen(false);
  }, [searched]);

  useEffect(() => {
    const q = text.trim();
    if (!typed || q.length < 2) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`${SEARCH_SUGGESTIONS_PATH}?${new URLSearchParams({ q })}`, {
          signal: controller.signal,
        });
        if (!response.ok) return;
        const answer = (await response.json()) as SuggestionsAnswer;
        setSuggestions(answer.suggestions);
        setActive(-1);
      } catch {
        // Aborted by the next keystroke, or offline: the form still searches.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, typed]);

  const expanded = scripted && open && suggestions.length > 0;

  function choose(suggestion: SearchSuggestion) {
    setOpen(false);
    setTyped(false);
    navigate(suggestion.href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (open ? (index + 1) % count : 0));
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (open && index > 0 ? index - 1 : count - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      const suggestion = suggestions[active];
      if (!suggestion) return;
      event.preventDefault();
      choose(suggestion);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText("");
        setTyped(false);
      }
    }
  }

  return (
    <Form
      method="get"
      action="/allproduct"
      role="search"
      aria-label={t("Site search")}
      discover="none"
      className={`relative ${className}`}
      onSubmit={() => {
        setOpen(false);
        setTyped(false);
      }}
    >
      {/* Named apart from the pages' own fields ("Model", "Capacity") and buttons ("Search"). */}
      <label htmlFor="site-search" className="sr-only">
        {t("Search batteries")}
      </label>
      <div className="flex items-center rounded-full border border-slate-300 bg-white focus-within:border-brand-700 focus-within:ring-2 focus-within:ring-brand-200">
        <input
          ref={inputRef}
          id="site-search"
          type="search"
          name="q"
          value={text}
          maxLength={40}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t("Model, 150Ah or vehicle (Swift)")}
          className="min-h-11 w-full min-w-0 flex-1 rounded-full bg-transparent pl-4 text-sm text-slate-900 outline-none placeholder:text-slate-500"
          onChange={(event) => {
            setText(event.currentTarget.value);
            setTyped(true);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          {...(scripted
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": LIST_ID,
                "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
        />
        <button type="submit" className="icon-btn size-11 shrink-0" aria-label={t("Show results")}>
          <SpriteIcon name="search" className="size-5" />
        </button>
      </div>
      {scripted ? (
        <>
          <div
            id={LIST_ID}
            role="listbox"
            aria-label={t("Suggestions")}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] md:left-auto md:w-[max(100%,20rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          >
            {suggestions.map((suggestion, index) => (
              // The combobox owns the keyboard (aria-activedescendant); a click or tap picks.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter choose
              <div
                key={suggestion.href}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${index === active ? "bg-brand-50" : "hover:bg-slate-50"}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion)}
              >
                <SpriteIcon
                  name={suggestion.kind === "vehicle" ? "car" : "battery-charging"}
                  className="size-4 shrink-0 text-brand-700"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{suggestion.label}</span>
                  <span className="block truncate text-xs text-slate-600">{suggestion.detail}</span>
                </span>
              </div>
            ))}
          </div>
          <p className="sr-only" aria-live="polite">
            {expanded
              ? t("{count, plural, one {# suggestion} other {# suggestions}}", {
                  count: suggestions.length,
                })
              : ""}
          </p>
        </>
      ) : null}
    </Form>
  );
}
