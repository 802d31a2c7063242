import { data } from "react-router";
import { addToCart } from "~/features/cart/cart.server";
import { catalogMessages as m } from "~/features/catalog/catalog.messages";
import { addToCartSchema } from "~/features/catalog/catalog.schema";
import { cartCookieHeader, readCartId } from "~/lib/cookies.server";
import { Conflict, DomainError, ValidationError } from "~/lib/errors";
import { formAction } from "~/lib/form-action.server";
import { refererPath, safeRedirect } from "~/lib/http.server";

/** POST /cart/add: add a product to the visitor's or the user's cart. A fetcher gets data back;
 * a plain form post (no JavaScript) goes back to the page it came from (its `redirectTo`, else
 * the Referer with its query, so a catalogue card needs no hidden field) with a notice. */
export const action = formAction(
  {
    guard: "public",
    defaultIntent: "add",
    resource: true,
    // Paths without the language prefix: the page's router adds it (ADR 037).
    back: ({ request }, values) => {
      const catalogue = "/allproduct";
      return values.redirectTo
        ? safeRedirect(values.redirectTo, catalogue)
        : refererPath(request, catalogue, { withQuery: true });
    },
  },
  (intent) => ({
    add: intent({
      schema: addToCartSchema,
      invalid: () => ({ fieldErrors: {}, formError: m.addFailed }),
      async run({ data: input, actor, request, context }) {
        const cookieCartId = await readCartId(request, context);
        let result: Awaited<ReturnType<typeof addToCart>>;
        try {
          result = await addToCart(
            context.db,
            { userId: actor?.id, cartId: cookieCartId },
            input.productId,
            input.quantity,
            input.exchange,
          );
        } catch (error) {
          // Out of stock says why; anything else (an unknown product) is the plain refusal.
          if (error instanceof DomainError && error.status === 409) {
            throw new Conflict(m.addFailedBecause(error.message));
          }
          if (error instanceof DomainError) throw new ValidationError(m.addFailed);
          throw error;
        }
        // Nothing added (the line is full, and nothing was written) is no success.
        if (result.added === 0) throw new Conflict(m.alreadyMost(result.model, result.quantity));
        const headers = new Headers();
        if (!actor && result.cartId !== cookieCartId) {
          headers.append("Set-Cookie", await cartCookieHeader(result.cartId, context));
        }
        const message =
          result.added < input.quantity
            ? m.addedUpToMost(result.model, result.quantity)
            : m.addedToCart(result.model);
        return { message, headers };
      },
      reply: "data",
    }),
  }),
);

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
