import { useEffect } from "react";
import { Form, Link, useLocation } from "react-router";
import { SpriteIcon } from "~/components/sprite-icon";
import { useT } from "~/lib/i18n/react";
import type { Shopper } from "~/lib/shopper";
import { useDetailsMenu } from "./ui/use-details-menu";

const menuItem =
  "flex min-h-11 items-center gap-2 rounded-md px-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100";

/**
 * The login page, coming back here after signing in or up (home, where the login goes anyway,
 * and the account pages themselves need no return address).
 */
function loginHref({ pathname, search }: { pathname: string; search: string }) {
  const home = pathname === "/" && !search;
  if (home || /^\/(login|signup|forgot-password|reset-password|verify-email)\b/.test(pathname)) {
    return "/login";
  }
  return `/login?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * The profile dropdown. A native <details> so it opens without JavaScript and with the keyboard;
 * with JavaScript it also closes on Escape, an outside click and navigation.
 */
export function ProfileMenu({ user }: { user: Shopper | null }) {
  const t = useT("common");
  const { ref, onKeyDown } = useDetailsMenu();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  return (
    <details ref={ref} className="relative" onKeyDown={onKeyDown}>
      <summary
        className="icon-btn cursor-pointer list-none [&::-webkit-details-marker]:hidden"
        aria-label={user ? t("Account menu for {name}", { name: user.name }) : t("Account menu")}
      >
        {user ? (
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
            {user.initials || <SpriteIcon name="user-round" className="size-5" />}
          </span>
        ) : (
          <SpriteIcon name="user-round" className="size-6" />
        )}
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-4 shadow-lg">
        {user ? (
          <div>
            <div data-testid="profile-identity">
              <p className="truncate font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
            </div>
            <ul className="mt-3 space-y-1 border-t border-slate-200 pt-3">
              <li>
                <Link to="/account" discover="none" className={menuItem}>
                  <SpriteIcon name="user-round" className="size-4" />
                  {t("View Profile")}
                </Link>
              </li>
              <li>
                <Link to="/account/orders" discover="none" className={menuItem}>
                  <SpriteIcon name="package" className="size-4" />
                  {t("Your orders")}
                </Link>
              </li>
              {user.role === "admin" ? (
                <li>
                  <Link to="/admin" discover="none" className={menuItem}>
                    <SpriteIcon name="layout-dashboard" className="size-4" />
                    {t("Admin dashboard")}
                  </Link>
                </li>
              ) : null}
              <li>
                <Form method="post" action="/logout" discover="none">
                  <button type="submit" className={`${menuItem} w-full`}>
                    <SpriteIcon name="log-out" className="size-4" />
                    {t("Logout")}
                  </button>
                </Form>
              </li>
            </ul>
          </div>
        ) : (
          <div>
            <p className="text-sm text-slate-600">{t("Please sign in")}</p>
            <Link to={loginHref(location)} discover="none" className="btn-primary mt-3 w-full">
              {t("Login")}
            </Link>
          </div>
        )}
      </div>
    </details>
  );
}
