import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Dashboard } from "~/features/dashboard/dashboard.server";
import DashboardPage from "./dashboard";
import AdminLayout, { ErrorBoundary } from "./layout";

const robots = '<meta name="robots" content="noindex, nofollow"/>';

/** The admin layout around a page that has its own `meta`, rendered on the server. */
function render(options: { failing?: boolean } = {}) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      children: [
        {
          id: "routes/admin/layout",
          path: "admin",
          Component: AdminLayout as never,
          ErrorBoundary: ErrorBoundary as never,
          loader: () => null,
          children: [
            {
              id: "routes/admin/dashboard",
              index: true,
              Component: DashboardPage as never,
              meta: () => [{ title: "Dashboard · Admin" }],
              loader: () => null,
            },
          ],
        },
      ],
    },
  ]);
  const none = { current: 0, previous: 0 };
  const dashboard: Dashboard = {
    today: "2026-11-27",
    from: "2026-10-29",
    orders: none,
    revenuePaise: none,
    customers: none,
    activeProducts: { current: 1, previous: 1 },
    days: [{ day: "2026-11-27", orders: 0, revenuePaise: 0 }],
    waiting: { paymentsToVerify: 0, bookingsToday: 0, openClaims: 0, newMessages: 0 },
    lowStock: { threshold: 5, count: 0, products: [] },
    recent: [],
  };
  const admin = { id: "a", name: "Boss", email: "boss@example.in", role: "admin" };
  return renderToString(
    <Stub
      initialEntries={["/admin"]}
      hydrationData={{
        loaderData: {
          root: { store: { brandName: "UrjaCell" } },
          "routes/admin/layout": { admin, collapsed: false },
          "routes/admin/dashboard": dashboard,
        },
        errors: options.failing ? { "routes/admin/layout": new Error("no access") } : null,
      }}
    />,
  );
}

describe("admin layout", () => {
  it("marks every admin page noindex, whatever the page's own meta", () => {
    const html = render();
    expect(html).toContain("Dashboard");
    expect(html).toContain("boss@example.in");
    expect(html).toContain(robots);
  });

  it("marks the admin error page noindex too", () => {
    const html = render({ failing: true });
    expect(html).toContain('id="error-title"');
    expect(html).toContain(robots);
  });
});
