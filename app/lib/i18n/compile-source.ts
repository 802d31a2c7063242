/**
 * A small ICU MessageFormat compiler for the English messages as the code writes them (ADR 038):
 * text, `{name}`, `{name, number}`-style formats, and `plural`, `selectordinal` and `select`
 * with `#` and `=N` cases. Its output is Lingui's compiled form, the same as
 * `@lingui/message-utils` gives (catalogue.test.ts compiles every English message both ways),
 * so English pages need no catalogue at all: the source is the message. The full compiler stays
 * on the server, for the translations.
 */
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";

type Part = CompiledMessage[number];
const CASES = new Set(["plural", "selectordinal", "select"]);

export function compileSource(source: string): CompiledMessage {
  let at = 0;

  const fail = (what: string): never => {
    throw new Error(`${what} at ${at} in message: ${source}`);
  };

  /** Up to the next `,` or `}` of an argument, trimmed. */
  const word = (): string => {
    const start = at;
    while (at < source.length && !",}{".includes(source[at] as string)) at++;
    return source.slice(start, at).trim();
  };

  const expect = (char: string) => {
    if (source[at] !== char) fail(`expected "${char}"`);
    at++;
  };

  const skipSpace = () => {
    while (/\s/.test(source[at] ?? "")) at++;
  };

  /** A message up to `}` (inside a case) or the end; `#` is the number inside a plural. */
  function message(inPlural: boolean, nested: boolean): Part[] {
    const parts: Part[] = [];
    let text = "";
    const flush = () => {
      if (text) parts.push(text);
      text = "";
    };
    while (at < source.length) {
      const char = source[at] as string;
      if (char === "}") {
        if (nested) break;
        fail("unexpected }");
      }
      if (char === "{") {
        flush();
        parts.push(argument(inPlural));
        continue;
      }
      if (char === "#" && inPlural) {
        flush();
        parts.push("#");
        at++;
        continue;
      }
      if (char === "'") {
        const next = source[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
          continue;
        }
        if (next === "{" || next === "}" || (next === "#" && inPlural)) {
          // Quoted: literal up to the next lone apostrophe.
          at++;
          while (at < source.length) {
            if (source[at] === "'") {
              if (source[at + 1] === "'") {
                text += "'";
                at += 2;
                continue;
              }
              at++;
              break;
            }
            text += source[at];
            at++;
          }
          continue;
        }
      }
      text += char;
      at++;
    }
    if (nested && source[at] !== "}") fail("unclosed case");
    flush();
    return parts;
  }

  /** A case's key: up to a space or its `{`. */
  const key = (): string => {
    const start = at;
    while (at < source.length && !/[\s{}]/.test(source[at] as string)) at++;
    return source.slice(start, at);
  };

  function argument(inPlural: boolean): Part {
    expect("{");
    const name = word();
    if (!name) fail("empty argument");
    if (source[at] === "}") {
      at++;
      return [name];
    }
    expect(",");
    const type = word();
    if (source[at] === "}") {
      at++;
      return [name, type] as Part;
    }
    expect(",");
    if (!CASES.has(type)) {
      const param = word();
      expect("}");
      return [name, type, param] as Part;
    }
    const cases: Record<string, unknown> = { offset: undefined };
    skipSpace();
    while (source[at] !== "}") {
      if (at >= source.length) fail("unclosed argument");
      const name = key();
      if (!name) fail("empty case");
      skipSpace();
      if (name.startsWith("offset:")) {
        cases.offset = Number(name.slice("offset:".length));
        continue;
      }
      expect("{");
      cases[name.startsWith("=") ? name.slice(1) : name] = message(
        inPlural || type !== "select",
        true,
      );
      expect("}");
      skipSpace();
    }
    at++;
    return [name, type, cases] as Part;
  }

  return message(false, false) as CompiledMessage;
}
