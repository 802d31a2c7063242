import type { ReactNode, Ref } from "react";

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
