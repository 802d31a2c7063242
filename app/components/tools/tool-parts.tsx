import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { Link } from "react-router";

/** A tool's main heading is its page's h1 on its own page and an h2 where it is embedded (the
 * blog): its parts' headings follow one level below. */
export type HeadingLevel = 1 | 2;

export function ToolHeading({
  level,
  id,
  className,
  focusRef,
  children,
}: {
  /** The level of the tool's own heading; its parts pass `level + 1`. */
  level: HeadingLevel | 3;
  id?: string;
  className?: string;
  /** A heading the page moves the focus to (a result just shown) can take it. */
  focusRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} ref={focusRef} tabIndex={focusRef ? -1 : undefined} className={className}>
      {children}
    </Tag>
  );
}

/** A tool's section (`id`, the anchor its form comes back to) with its heading and intro. */
export function ToolSection({
  id,
  headingLevel,
  title,
  intro,
  sectionRef,
  className = "",
  children,
}: {
  id: string;
  headingLevel: HeadingLevel;
  title: string;
  intro: string;
  sectionRef?: Ref<HTMLElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      ref={sectionRef}
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 ${className}`}
    >
      <ToolHeading
        level={headingLevel}
        id={`${id}-title`}
        className={`text-2xl font-bold text-slate-900 ${headingLevel === 1 ? "sm:text-3xl" : ""}`}
      >
        {title}
      </ToolHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>
      {children}
    </section>
  );
}

/** Under one tool's own page: a question and a link to the other tool. */
export function OtherTool({
  question,
  to,
  label,
}: {
  question: string;
  to: string;
  label: string;
}) {
  return (
    <p className="mt-10 max-w-2xl text-slate-700">
      {question}{" "}
      <Link to={to} className="font-medium text-brand-700 underline">
        {label}
      </Link>
    </p>
  );
}

/**
 * Runs `then` once the answer to this tool's own form arrives (the loader's new `answer` after a
 * send), not on the page's first load nor when another form changes the page. Gives back what
 * the form's submit handler calls.
 */
export function useAfterSent<T>(answer: T | null, then: (answer: T) => void) {
  const sent = useRef(false);
  const latest = useRef(then);
  latest.current = then;
  useEffect(() => {
    if (!sent.current || answer === null) return;
    sent.current = false;
    latest.current(answer);
  }, [answer]);
  return () => {
    sent.current = true;
  };
}
