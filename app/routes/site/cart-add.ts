import { data } from "react-router";
import { addToCartAction } from "~/features/cart/cart-actions.server";
import { readCartId } from "~/features/cart/cart-cookie.server";
import { readFormValues } from "~/lib/http.server";
import type { Route } from "./+types/cart-add";

/** POST /cart/add: add a product to the visitor's or the user's cart. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  return addToCartAction(request, context, values, await readCartId(request));
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
