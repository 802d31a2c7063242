import { describe, expect, it } from "vitest";
import { bareColumnsInSubqueries } from "./sql-scope";

describe("bare columns inside subqueries (ADR 025)", () => {
  it("finds the order list's count that compared order_items with itself", () => {
    // The statement Drizzle sent for /account/orders before the fix (issue 30).
    const sent =
      'select "number", "status", (select coalesce(sum("quantity"), 0)::int from "order_items" where "order_id" = "id") from "orders" where "orders"."user_id" = $1 order by "orders"."created_at" desc';
    expect(bareColumnsInSubqueries(sent)).toEqual(["quantity", "order_id", "id"]);
  });

  it("finds the catalogue's rating that once read the review's own id", () => {
    const sent =
      'select "id", "model", (select count(*)::int from reviews r where r.product_id = "id") from "products"';
    expect(bareColumnsInSubqueries(sent)).toEqual(["id"]);
  });

  it("accepts subqueries whose columns name their table or alias", () => {
    for (const sent of [
      'select "id", (select round(avg(r.rating)::numeric, 1)::float8 from reviews r where r.product_id = "products"."id") from "products" where "products"."active" = $1',
      'select "id" from "vehicles" where not exists (select 1 from "vehicle_fitments" where ("vehicle_fitments"."vehicle_id" = "vehicles"."id" and "vehicle_fitments"."rank" = $1))',
      'select "user"."id", ((select count(distinct "cart_items"."product_id")::int from "cart_items" inner join "carts" on "carts"."id" = "cart_items"."cart_id" where "carts"."user_id" = "user"."id")) from "session" inner join "user" on "user"."id" = "session"."user_id"',
      'select "orders"."number", coalesce(sum("order_items"."quantity"), 0)::int from "orders" left join "order_items" on "order_items"."order_id" = "orders"."id" group by "orders"."id"',
    ]) {
      expect(bareColumnsInSubqueries(sent), sent).toEqual([]);
    }
  });

  it("leaves statements without a subquery alone: one scope cannot be misread", () => {
    expect(
      bareColumnsInSubqueries('select "number", "total_paise" from "orders" where "user_id" = $1'),
    ).toEqual([]);
    expect(
      bareColumnsInSubqueries(
        'update "orders" set "status" = $1 where "orders"."id" = $2 returning "id", "status"',
      ),
    ).toEqual([]);
  });

  it("reads table names, aliases, functions, strings and casts as no columns", () => {
    expect(
      bareColumnsInSubqueries(
        `select (select "f"."rank" from "vehicle_fitments" "f" where "f"."note" <> '"id"' and lower("f"."name") = 'x'::text) from "vehicles"`,
      ),
    ).toEqual([]);
    expect(
      bareColumnsInSubqueries('select (select "lower"("name") from "products" as "p") from "x"'),
    ).toEqual(["name"]);
  });

  it("checks nested subqueries and those in where, exists and in", () => {
    expect(
      bareColumnsInSubqueries(
        'select "orders"."id" from "orders" where "orders"."id" in (select "order_items"."order_id" from "order_items" where exists (select 1 from "products" where "products"."id" = "product_id"))',
      ),
    ).toEqual(["product_id"]);
  });

  it("leaves better-auth's own uncorrelated statements, which the store cannot change", () => {
    expect(
      bareColumnsInSubqueries(
        'delete from "verification" where "verification"."id" in (select "id" from "verification" where "verification"."id" = $1 limit $2) returning "id", "identifier"',
      ),
    ).toEqual([]);
  });
});

describe("bare columns written by hand", () => {
  it("are found as well as quoted ones, SQL's own words and types are not", () => {
    expect(
      bareColumnsInSubqueries(
        "select (select count(*)::int - 1 from vehicle_fitments f where f.vehicle_id = id) from vehicles",
      ),
    ).toEqual(["id"]);
    expect(
      bareColumnsInSubqueries(
        'select (select p.model from vehicle_fitments f join products p on p.id = f.product_id where f.vehicle_id = "vehicles"."id" order by f.rank limit 1) from vehicles',
      ),
    ).toEqual([]);
  });
});
