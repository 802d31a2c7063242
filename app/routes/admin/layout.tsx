import { ExternalLink, LogOut, Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useEffect, useRef } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useFetcher,
  useLocation,
} from "react-router";
import { adminNav } from "~/components/admin-nav";
import { BrandLogo } from "~/components/brand-logo";
import { ErrorView } from "~/components/error-view";
import { readSidebarCollapsed } from "~/lib/cookies.server";
import { requireAdmin } from "~/lib/guards.server";
import { pageTitle, useRootData } from "~/root";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Admin") }];

/**
 * Keeps every admin page out of search engines. Rendered in the body, React hoists it into the
 * head; a `meta` export would not do, since each page's own `meta` replaces the layout's.
 */
function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  return { admin, collapsed: await readSidebarCollapsed(request) };
}

/** The back office's sections, each with its icon and, unless the sidebar is collapsed, its name. */
function AdminNavList({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <ul className="space-y-1">
      {adminNav.map(({ to, label, Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={to === "/admin"}
            title={collapsed ? label : undefined}
            className={({ isActive }) =>
              `flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium ${
                isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
              }`
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden="true" />
            <span className={collapsed ? "sr-only" : undefined}>{label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * On a phone the sections are behind a Menu button, named in words (a rail of bare icons left
 * staff guessing and took a sixth of the screen). A disclosure, so it opens without JavaScript
 * too; it closes once a section is chosen.
 */
function PhoneMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const here = adminNav.find(({ to }) =>
    to === "/admin" ? pathname === "/admin" : pathname.startsWith(to),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  return (
    <details ref={ref} className="group mr-auto md:hidden" data-testid="admin-phone-menu">
      <summary className="btn-outline min-h-11 cursor-pointer list-none px-3 [&::-webkit-details-marker]:hidden">
        <Menu className="size-5" aria-hidden="true" />
        <span>Menu</span>
        {here ? <span className="sr-only">, now at {here.label}</span> : null}
      </summary>
      <nav
        aria-label="Admin"
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-slate-200 bg-white p-2 shadow-lg"
      >
        <AdminNavList />
      </nav>
    </details>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { admin } = loaderData;
  const brandName = useRootData()?.store.brandName ?? "Store";
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("sidebar");
  const collapsed = pending ? pending === "collapsed" : loaderData.collapsed;
  return (
    <div className="flex min-h-screen bg-slate-100">
      <NoIndex />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <aside
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] md:flex ${collapsed ? "w-16" : "w-60"}`}
        data-testid="admin-sidebar"
        data-collapsed={collapsed}
      >
        <div className="flex h-16 items-center gap-2 border-b border-slate-200 px-3">
          {collapsed ? null : <BrandLogo brandName={brandName} />}
          <fetcher.Form method="post" action="/admin/preferences" className="ml-auto">
            <input type="hidden" name="sidebar" value={collapsed ? "expanded" : "collapsed"} />
            <button
              type="submit"
              className="flex size-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              aria-expanded={!collapsed}
              aria-controls="admin-nav"
            >
              {collapsed ? (
                <PanelLeftOpen className="size-5" aria-hidden="true" />
              ) : (
                <PanelLeftClose className="size-5" aria-hidden="true" />
              )}
            </button>
          </fetcher.Form>
        </div>
        <nav id="admin-nav" aria-label="Admin" className="flex-1 overflow-y-auto p-2">
          <AdminNavList collapsed={collapsed} />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="relative flex h-16 items-center justify-end gap-3 border-b border-slate-200 bg-white px-4">
          <PhoneMenu />
          {/* The sidebar shows the logo only when it is wide: otherwise the header does. */}
          <div className={`mr-auto max-sm:hidden ${collapsed ? "" : "md:hidden"}`}>
            <BrandLogo brandName={brandName} />
          </div>
          <Link
            to="/"
            className="flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
          >
            <span className="sr-only sm:not-sr-only">View store</span>
            <ExternalLink className="size-4" aria-hidden="true" />
          </Link>
          <div className="min-w-0 text-right text-sm leading-tight" data-testid="admin-identity">
            <p className="truncate font-semibold text-slate-900">{admin.name}</p>
            <p className="truncate text-slate-600">{admin.email}</p>
          </div>
          <Form method="post" action="/logout">
            <button type="submit" className="btn-outline min-h-10 px-3">
              <LogOut className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Logout</span>
              <span className="sr-only sm:hidden">Logout</span>
            </button>
          </Form>
        </header>
        <main id="admin-main" className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="flex flex-1 items-center justify-center p-6">
      <NoIndex />
      <ErrorView status={status} />
    </main>
  );
}
