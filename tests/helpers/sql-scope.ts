/**
 * The rule every statement the store sends keeps (ADR 025): inside a subquery, each column is
 * written with its table or alias (`"orders"."id"`, `r.rating`). A bare column inside a subquery
 * belongs to the subquery's own tables whenever one of them has a column of that name, so an
 * outer column written bare (as Drizzle writes the columns of a one-table select, raw fragments
 * included) silently becomes another: an order list once counted lines where
 * `"order_id" = "id"` compared order_items with itself.
 *
 * The integration tests' database handles check every statement with this (test-db.ts), on
 * PGlite and PostgreSQL alike.
 */

type Token = { kind: "word" | "ident" | "symbol" | "other"; text: string };

/** Words after which an identifier names a table or an alias, not a column. */
const namesTable = new Set(["from", "join", "into", "update", "table", "as", "only", "using"]);

/** Words of SQL that are not columns where they stand inside a subquery. */
const keywords = new Set(
  (
    "select with from join inner left right full outer cross lateral on using where and or not " +
    "exists in is null true false as distinct all any some group by order asc desc nulls first " +
    "last limit offset fetch next rows only having filter over partition window case when then " +
    "else end between like ilike similar to escape union intersect except interval cast " +
    "current_date current_timestamp localtimestamp now for update share of nowait skip locked " +
    "array row values default collate at time zone"
  ).split(" "),
);

/**
 * Statements better-auth's adapter writes, which the store cannot change; each is uncorrelated
 * (its subquery refers to nothing outside itself).
 */
const thirdParty: RegExp[] = [
  /^delete from "verification" where "verification"\."id" in \(select "id" from "verification" where /,
];

function tokenize(statement: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < statement.length) {
    const c = statement[i] ?? "";
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === "'" || c === '"') {
      // A string or a quoted identifier; a doubled quote inside it is the quote itself.
      let j = i + 1;
      while (j < statement.length) {
        if (statement[j] === c && statement[j + 1] === c) j += 2;
        else if (statement[j] === c) break;
        else j += 1;
      }
      const text = statement.slice(i, j + 1);
      tokens.push({ kind: c === '"' ? "ident" : "other", text });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(statement.slice(i))?.[0] ?? c;
      tokens.push({ kind: "word", text: word.toLowerCase() });
      i += word.length;
    } else if (c === ":" && statement[i + 1] === ":") {
      tokens.push({ kind: "symbol", text: "::" });
      i += 2;
    } else {
      tokens.push({ kind: "symbol", text: c });
      i += 1;
    }
  }
  return tokens;
}

/**
 * The bare (unqualified) columns a statement uses inside its subqueries, in order; empty when it
 * keeps the rule. Table names and aliases (after from, join, as, ...), qualifiers (before a dot),
 * qualified columns (after one), functions (before "("), types (after "::") and SQL's own words
 * are not columns; every other name is, quoted (as Drizzle writes them) or not (as a raw
 * fragment may).
 */
export function bareColumnsInSubqueries(statement: string): string[] {
  if (thirdParty.some((shape) => shape.test(statement))) return [];
  const tokens = tokenize(statement);
  const found: string[] = [];
  /** For each open parenthesis: whether it opened a subquery (or is inside one). */
  const open: boolean[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    if (token.text === "(" && token.kind === "symbol") {
      const startsSubquery =
        next?.kind === "word" && (next.text === "select" || next.text === "with");
      open.push(startsSubquery || (open.at(-1) ?? false));
      continue;
    }
    if (token.text === ")" && token.kind === "symbol") {
      open.pop();
      continue;
    }
    if (!(open.at(-1) ?? false)) continue;
    const column = token.kind === "ident" || (token.kind === "word" && !keywords.has(token.text));
    if (!column) continue;
    if (previous?.text === "." || next?.text === "." || next?.text === "(") continue;
    // A type after a cast (`::int`, `::numeric`).
    if (previous?.text === "::") continue;
    if (previous?.kind === "word" && namesTable.has(previous.text)) continue;
    // `from "t" "alias"` / `join reviews r`: an alias written without "as".
    const beforePrevious = tokens[i - 2];
    if (
      (previous?.kind === "ident" || previous?.kind === "word") &&
      beforePrevious?.kind === "word" &&
      namesTable.has(beforePrevious.text)
    ) {
      continue;
    }
    found.push(token.kind === "ident" ? token.text.slice(1, -1).replaceAll('""', '"') : token.text);
  }
  return found;
}
