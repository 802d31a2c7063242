import { INTL_TAG, type Locale } from "~/lib/i18n/locales";
import { weekdays } from "./outlet.options";
import { outletMessages } from "./outlets.messages";

/** What hours need of a translator (a component's `useT`): the language, and "Every day" in it. */
export type HoursTranslator = ((source: string) => string) & { locale: Locale };

/** English as the code writes it. */
const english: HoursTranslator = Object.assign((source: string) => source, {
  locale: "en" as const,
});

/** A booking slot's length: one hour. */
export const SLOT_MINUTES = 60;

/** Minutes since midnight of an "HH:MM" time. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** "HH:MM" of minutes since midnight. */
function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** A time as people in India read it: "9:30 am", "12:00 pm", "7:00 pm" (in Hindi and Gujarati
 * as Intl writes it there). */
export function formatClock(time: string, locale: Locale = "en"): string {
  const minutes = minutesOf(time);
  const h = Math.floor(minutes / 60);
  if (locale !== "en") {
    return new Intl.DateTimeFormat(INTL_TAG[locale], {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(2000, 0, 1, h, minutes % 60)));
  }
  const suffix = h < 12 ? "am" : "pm";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
}

/** A weekday's short name in a language (1 Monday … 7 Sunday): "Mon", "सोम", "સોમ". */
function shortWeekday(day: number, locale: Locale): string {
  if (locale === "en") return weekdays[day - 1]?.short ?? "";
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(INTL_TAG[locale], { weekday: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** Days as runs: [1..6] → "Mon–Sat", [1,3,5] → "Mon, Wed, Fri", all seven → "Every day"; in the
 * translator's language ("सोम–शनि"). */
export function formatDays(days: readonly number[], tr: HoursTranslator = english): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return tr(outletMessages.everyDay);
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => shortWeekday(day, tr.locale);
  return runs
    .map((run) => {
      const first = run[0] as number;
      const last = run.at(-1) as number;
      if (run.length >= 3) return `${name(first)}–${name(last)}`;
      return run.map(name).join(", ");
    })
    .join(", ");
}

export type OpeningHours = { openDays: readonly number[]; opensAt: string; closesAt: string };

/** Opening hours in one line: "Mon–Sat 9:00 am – 7:00 pm". */
export function formatHours(h: OpeningHours, tr: HoursTranslator = english): string {
  const { locale } = tr;
  return `${formatDays(h.openDays, tr)} ${formatClock(h.opensAt, locale)} – ${formatClock(h.closesAt, locale)}`;
}

/** The start of every whole slot between opening and closing: 09:00–19:00 → 09:00 … 18:00. */
export function slotTimes(h: Pick<OpeningHours, "opensAt" | "closesAt">): string[] {
  const slots: string[] = [];
  const close = minutesOf(h.closesAt);
  for (let start = minutesOf(h.opensAt); start + SLOT_MINUTES <= close; start += SLOT_MINUTES) {
    slots.push(clockOf(start));
  }
  return slots;
}
