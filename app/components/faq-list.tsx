import type { FaqEntry } from "~/features/content/articles.schema";
import { useT } from "~/lib/i18n/react";

/**
 * Questions and answers as a disclosure list: each question is a <summary> (reached with Tab,
 * opened with Enter or Space, announced as expandable), its answer shown below it. Native
 * <details>, so it works without JavaScript.
 */
export function FaqList({
  id,
  entries,
  title,
  lang,
}: {
  id: string;
  entries: FaqEntry[];
  title?: string;
  /** "en" when the questions are shown in English on a Hindi or Gujarati page. */
  lang?: "en";
}) {
  const t = useT("blog");
  return (
    <section aria-labelledby={id} className="mt-14">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title ?? t("Frequently asked questions")}
      </h2>
      <div
        lang={lang}
        className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      >
        {entries.map((entry) => (
          <details key={entry.question} className="faq-item">
            <summary>{entry.question}</summary>
            <p>{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
