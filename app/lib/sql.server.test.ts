import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import { orderItems, orders } from "~/db/schema";
import { bareColumnsInSubqueries } from "../../tests/helpers/sql-scope";
import { escapeLike, qualified } from "./sql.server";

const db = drizzle.mock();

describe("qualified", () => {
  it("writes a column with its table even in a one-table select, where Drizzle writes it bare", () => {
    const query = db
      .select({
        number: orders.number,
        items: sql<number>`(select count(*) from ${orderItems} where ${qualified(orderItems.orderId)} = ${qualified(orders.id)})`,
      })
      .from(orders)
      .toSQL();
    expect(query.sql).toBe(
      'select "number", (select count(*) from "order_items" where "order_items"."order_id" = "orders"."id") from "orders"',
    );
    expect(bareColumnsInSubqueries(query.sql)).toEqual([]);
  });
});

describe("escapeLike", () => {
  it("makes LIKE's wildcards and its escape plain text", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});

/** Every source file under a folder, tests left out. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

type Template = { line: number; literal: string; expressions: string[] };

/** Reads the template literal whose backtick is at `start`: its text, its `${}`s and its end. */
function readTemplate(source: string, start: number): Template & { end: number } {
  let literal = "";
  const expressions: string[] = [];
  let i = start + 1;
  while (i < source.length && source[i] !== "`") {
    if (source[i] === "\\") {
      literal += source.slice(i, i + 2);
      i += 2;
    } else if (source.startsWith("${", i)) {
      let depth = 1;
      let j = i + 2;
      while (j < source.length && depth > 0) {
        if (source[j] === "`") j = readTemplate(source, j).end;
        else {
          if (source[j] === "{") depth += 1;
          if (source[j] === "}") depth -= 1;
          j += 1;
        }
      }
      expressions.push(source.slice(i + 2, j - 1).trim());
      literal += " ? ";
      i = j;
    } else {
      literal += source[i];
      i += 1;
    }
  }
  const line = source.slice(0, start).split("\n").length;
  return { line, literal, expressions, end: i + 1 };
}

/** Every `sql` tagged template of a source (`sql\`…\``, `sql<T>\`…\``). */
function sqlTemplates(source: string): Template[] {
  const found: Template[] = [];
  for (const match of source.matchAll(/\bsql\s*(<)?/g)) {
    let i = (match.index ?? 0) + match[0].length;
    if (match[1]) {
      let depth = 1;
      while (i < source.length && depth > 0) {
        if (source[i] === "<") depth += 1;
        if (source[i] === ">") depth -= 1;
        i += 1;
      }
      while (/\s/.test(source[i] ?? "")) i += 1;
    }
    if (source[i] === "`") {
      const { line, literal, expressions } = readTemplate(source, i);
      found.push({ line, literal, expressions });
    }
  }
  return found;
}

/** The names a file imports from the database schema (its tables, among others). */
function schemaNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"~\/db\/schema"/g,
  )) {
    for (const part of (match[1] ?? "").split(",")) {
      const name = part
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

describe("raw SQL with a subquery (ADR 025)", () => {
  it("never puts a table's column into it bare: qualified() or a join", () => {
    const broken: string[] = [];
    for (const file of [...sources("app/features"), ...sources("app/lib")]) {
      const source = readFileSync(file, "utf8");
      const tables = schemaNames(source);
      for (const template of sqlTemplates(source)) {
        if (!/\bselect\b/i.test(template.literal)) continue;
        for (const expression of template.expressions) {
          const column = /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(expression);
          if (column && tables.has(column[1] ?? "")) {
            broken.push(`${file}:${template.line}: \${${expression}}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("reads templates as the rule needs: generics, nested templates and schema imports", () => {
    const source = [
      'import { orders, type orderItems as lines } from "~/db/schema";',
      "const a = sql<",
      "  number | null",
      ">`(select count(*) from x where x.order_id = #{orders.id} and #{sql.raw(`y`)})`;",
      "const b = sql`#{lines.quantity} + 1`;",
    ]
      .join("\n")
      // Written with # so that the lines read as plain strings here.
      .replaceAll("#{", "${");
    expect([...schemaNames(source)]).toEqual(["orders", "lines"]);
    expect(sqlTemplates(source)).toEqual([
      {
        line: 4,
        literal: "(select count(*) from x where x.order_id =  ?  and  ? )",
        expressions: ["orders.id", "sql.raw(`y`)"],
      },
      { line: 5, literal: " ?  + 1", expressions: ["lines.quantity"] },
    ]);
  });
});
