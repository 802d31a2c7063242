// Written by `npm run i18n:extract` from the files beside it: do not edit.

import en_account from "./en/account.json";
import en_accounts from "./en/accounts.json";
import en_auth from "./en/auth.json";
import en_blog from "./en/blog.json";
import en_bookings from "./en/bookings.json";
import en_cart from "./en/cart.json";
import en_catalog from "./en/catalog.json";
import en_checkout from "./en/checkout.json";
import en_common from "./en/common.json";
import en_contact from "./en/contact.json";
import en_content from "./en/content.json";
import en_finder from "./en/finder.json";
import en_home from "./en/home.json";
import en_mail from "./en/mail.json";
import en_newsletter from "./en/newsletter.json";
import en_orders from "./en/orders.json";
import en_outlets from "./en/outlets.json";
import en_places from "./en/places.json";
import en_product from "./en/product.json";
import en_purchase from "./en/purchase.json";
import en_stock_alerts from "./en/stock-alerts.json";
import en_subscription from "./en/subscription.json";
import en_tool_links from "./en/tool-links.json";
import en_tools from "./en/tools.json";
import en_unsubscribe from "./en/unsubscribe.json";
import en_warranty from "./en/warranty.json";
import gu_account from "./gu/account.json";
import gu_accounts from "./gu/accounts.json";
import gu_auth from "./gu/auth.json";
import gu_blog from "./gu/blog.json";
import gu_bookings from "./gu/bookings.json";
import gu_cart from "./gu/cart.json";
import gu_catalog from "./gu/catalog.json";
import gu_checkout from "./gu/checkout.json";
import gu_common from "./gu/common.json";
import gu_contact from "./gu/contact.json";
import gu_content from "./gu/content.json";
import gu_finder from "./gu/finder.json";
import gu_home from "./gu/home.json";
import gu_mail from "./gu/mail.json";
import gu_newsletter from "./gu/newsletter.json";
import gu_orders from "./gu/orders.json";
import gu_outlets from "./gu/outlets.json";
import gu_places from "./gu/places.json";
import gu_product from "./gu/product.json";
import gu_purchase from "./gu/purchase.json";
import gu_stock_alerts from "./gu/stock-alerts.json";
import gu_subscription from "./gu/subscription.json";
import gu_tool_links from "./gu/tool-links.json";
import gu_tools from "./gu/tools.json";
import gu_unsubscribe from "./gu/unsubscribe.json";
import gu_warranty from "./gu/warranty.json";
import hi_account from "./hi/account.json";
import hi_accounts from "./hi/accounts.json";
import hi_auth from "./hi/auth.json";
import hi_blog from "./hi/blog.json";
import hi_bookings from "./hi/bookings.json";
import hi_cart from "./hi/cart.json";
import hi_catalog from "./hi/catalog.json";
import hi_checkout from "./hi/checkout.json";
import hi_common from "./hi/common.json";
import hi_contact from "./hi/contact.json";
import hi_content from "./hi/content.json";
import hi_finder from "./hi/finder.json";
import hi_home from "./hi/home.json";
import hi_mail from "./hi/mail.json";
import hi_newsletter from "./hi/newsletter.json";
import hi_orders from "./hi/orders.json";
import hi_outlets from "./hi/outlets.json";
import hi_places from "./hi/places.json";
import hi_product from "./hi/product.json";
import hi_purchase from "./hi/purchase.json";
import hi_stock_alerts from "./hi/stock-alerts.json";
import hi_subscription from "./hi/subscription.json";
import hi_tool_links from "./hi/tool-links.json";
import hi_tools from "./hi/tools.json";
import hi_unsubscribe from "./hi/unsubscribe.json";
import hi_warranty from "./hi/warranty.json";

/** Language -> namespace -> messages (English source -> translation). */
export const catalogues: Record<string, Record<string, Record<string, string>>> = {
  en: {
    account: en_account,
    accounts: en_accounts,
    auth: en_auth,
    blog: en_blog,
    bookings: en_bookings,
    cart: en_cart,
    catalog: en_catalog,
    checkout: en_checkout,
    common: en_common,
    contact: en_contact,
    content: en_content,
    finder: en_finder,
    home: en_home,
    mail: en_mail,
    newsletter: en_newsletter,
    orders: en_orders,
    outlets: en_outlets,
    places: en_places,
    product: en_product,
    purchase: en_purchase,
    "stock-alerts": en_stock_alerts,
    subscription: en_subscription,
    "tool-links": en_tool_links,
    tools: en_tools,
    unsubscribe: en_unsubscribe,
    warranty: en_warranty,
  },
  hi: {
    account: hi_account,
    accounts: hi_accounts,
    auth: hi_auth,
    blog: hi_blog,
    bookings: hi_bookings,
    cart: hi_cart,
    catalog: hi_catalog,
    checkout: hi_checkout,
    common: hi_common,
    contact: hi_contact,
    content: hi_content,
    finder: hi_finder,
    home: hi_home,
    mail: hi_mail,
    newsletter: hi_newsletter,
    orders: hi_orders,
    outlets: hi_outlets,
    places: hi_places,
    product: hi_product,
    purchase: hi_purchase,
    "stock-alerts": hi_stock_alerts,
    subscription: hi_subscription,
    "tool-links": hi_tool_links,
    tools: hi_tools,
    unsubscribe: hi_unsubscribe,
    warranty: hi_warranty,
  },
  gu: {
    account: gu_account,
    accounts: gu_accounts,
    auth: gu_auth,
    blog: gu_blog,
    bookings: gu_bookings,
    cart: gu_cart,
    catalog: gu_catalog,
    checkout: gu_checkout,
    common: gu_common,
    contact: gu_contact,
    content: gu_content,
    finder: gu_finder,
    home: gu_home,
    mail: gu_mail,
    newsletter: gu_newsletter,
    orders: gu_orders,
    outlets: gu_outlets,
    places: gu_places,
    product: gu_product,
    purchase: gu_purchase,
    "stock-alerts": gu_stock_alerts,
    subscription: gu_subscription,
    "tool-links": gu_tool_links,
    tools: gu_tools,
    unsubscribe: gu_unsubscribe,
    warranty: gu_warranty,
  },
};
