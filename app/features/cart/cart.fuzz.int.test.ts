import { exchangeRates, promoCodes } from "~/db/schema";
import { addToCart } from "~/features/cart/cart.server";
import { openCheckout, viewCart } from "~/features/cart/cart-page.server";
import { newCheckoutReference } from "~/features/orders/orders.server";
import * as cart from "~/routes/site/cart";
import * as cartAdd from "~/routes/site/cart-add";
import { createDeliveryArea, createProduct } from "../../../tests/factories";
import { type FuzzWorld, fuzzForms } from "../../../tests/helpers/fuzz";

type Shop = { productId: string };

/** The shopper's cart holds the battery (one of it): the forms of a cart line have a line. */
async function withLine({ t, shopper, productId }: FuzzWorld<Shop>) {
  const { count } = await addToCart(t.db, { userId: shopper.id }, Number(productId), 1);
  if (count === 0) throw new Error("the battery did not go in the cart");
  return {};
}

fuzzForms(
  "cart and checkout forms",
  async ({ t }) => {
    const product = await createProduct(t, { pricePaise: 429_900, stock: 100_000 });
    await t.db.insert(promoCodes).values({ code: "FUZZ10", kind: "percent", amount: 10 });
    await t.db
      .insert(exchangeRates)
      .values({ category: "car", minCapacityAh: 1, maxCapacityAh: 200, creditPaise: 50_000 });
    await createDeliveryArea(t, { prefix: "380" });
    return { productId: String(product.id) };
  },
  [
    {
      name: "add to cart (a visitor)",
      action: cartAdd.action,
      as: "visitor",
      path: "/cart/add",
      fields: ({ productId }) => ({ productId, quantity: "1", exchange: "1", redirectTo: "/cart" }),
    },
    {
      name: "cart: change a quantity",
      action: cart.action,
      as: "shopper",
      path: "/cart",
      intent: "quantity",
      prepare: withLine,
      fields: ({ productId }) => ({ productId, quantity: "2" }),
    },
    {
      name: "cart: old battery in exchange",
      action: cart.action,
      as: "shopper",
      path: "/cart",
      intent: "exchange",
      prepare: withLine,
      fields: ({ productId }) => ({ productId, exchange: "1" }),
    },
    {
      name: "cart: remove a line",
      action: cart.action,
      as: "shopper",
      path: "/cart",
      intent: "remove",
      prepare: withLine,
      fields: ({ productId }) => ({ productId }),
    },
    {
      name: "cart: a promo code",
      action: cart.action,
      as: "shopper",
      path: "/cart",
      intent: "promo",
      prepare: withLine,
      fields: () => ({ promoCode: "fuzz10" }),
    },
    {
      name: "checkout: place the order",
      action: cart.action,
      as: "shopper",
      path: "/cart?checkout=1",
      intent: "place",
      // A fresh cart and checkout for every run: the one before may have become an order.
      async prepare(world) {
        await withLine(world);
        const { t, shopper } = world;
        const { reference } = await openCheckout(t.db, shopper.id, newCheckoutReference);
        const { totals } = await viewCart(t.db, { userId: shopper.id });
        return { reference, expectedTotalPaise: String(totals.totalPaise) };
      },
      fields: () => ({
        name: "Asha Kumari",
        phone: "98765 43210",
        house: "12",
        address: "MG Road, Navrangpura",
        landmark: "Near the lake",
        city: "Ahmedabad",
        pincode: "380009",
        reference: "",
        expectedTotalPaise: "",
        utr: "434512345678",
        paymentMethod: "upi",
        buyerGstin: "",
        buyerLegalName: "",
      }),
    },
  ],
);
