/**
 * Translation in components (ADR 037). The root gathers the messages every matched route's
 * loader sent (`i18n`) and provides one translator; a component asks for it with its catalogue
 * namespace, which is what `npm run i18n:extract` files its messages under:
 *
 *   const t = useT("cart");
 *   t("Your cart is empty");  t("{count, plural, one {# battery} other {# batteries}}", { count });
 *   t.rich("Read our <0>guide</0>", { 0: (text) => <Link to="/blog">{text}</Link> });
 *   t.text(answer.message);   // a sentence the server wrote in English
 */
import { createContext, Fragment, type ReactNode, useContext, useMemo } from "react";
import type { Locale } from "./locales";
import { createTranslate, english, type Messages, type Translate, type Values } from "./translate";

const I18nContext = createContext<Translate>(english);

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const translate = useMemo(() => createTranslate(locale, messages), [locale, messages]);
  return <I18nContext.Provider value={translate}>{children}</I18nContext.Provider>;
}

type RichParts = Record<string, (children: ReactNode) => ReactNode>;

export type T = ((source: string, values?: Values) => string) & {
  locale: Locale;
  text: Translate["text"];
  /** A message with tags (`<0>…</0>`, `<b>…</b>`), each drawn by its function. */
  rich: (source: string, parts: RichParts, values?: Values) => ReactNode;
};

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

/** Splits a translated message at its tags and draws each tag with its part. */
export function richText(message: string, parts: RichParts): ReactNode {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > last) nodes.push(message.slice(last, match.index));
    const part = parts[match[1] as string];
    nodes.push(<Fragment key={match.index}>{part ? part(match[2]) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < message.length) nodes.push(message.slice(last));
  return nodes.length === 1 ? nodes[0] : nodes;
}

/** The translator of the page's language; `namespace` names the catalogue these messages are in. */
export function useT(_namespace: string): T {
  const translate = useContext(I18nContext);
  return useMemo(() => {
    const t = ((source: string, values?: Values) => translate.t(source, values)) as T;
    t.locale = translate.locale;
    t.text = translate.text;
    t.rich = (source, parts, values) => richText(translate.t(source, values), parts);
    return t;
  }, [translate]);
}

/** The page's language. */
export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}
