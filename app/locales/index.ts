// Written by `npm run i18n:extract` from the files beside it: do not edit.

import en_accounts from "./en/accounts.json";
import en_bookings from "./en/bookings.json";
import en_cart from "./en/cart.json";
import en_catalog from "./en/catalog.json";
import en_contact from "./en/contact.json";
import en_finder from "./en/finder.json";
import en_newsletter from "./en/newsletter.json";
import en_orders from "./en/orders.json";
import en_outlets from "./en/outlets.json";
import en_places from "./en/places.json";
import en_purchase from "./en/purchase.json";
import en_stock_alerts from "./en/stock-alerts.json";
import en_tools from "./en/tools.json";
import en_warranty from "./en/warranty.json";

/** Language -> namespace -> messages (English source -> translation). */
export const catalogues: Record<string, Record<string, Record<string, string>>> = {
  en: {
    accounts: en_accounts,
    bookings: en_bookings,
    cart: en_cart,
    catalog: en_catalog,
    contact: en_contact,
    finder: en_finder,
    newsletter: en_newsletter,
    orders: en_orders,
    outlets: en_outlets,
    places: en_places,
    purchase: en_purchase,
    "stock-alerts": en_stock_alerts,
    tools: en_tools,
    warranty: en_warranty,
  },
  hi: {},
  gu: {},
};
