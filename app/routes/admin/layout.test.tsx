import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import Dashboard from "./dashboard";
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
              Component: Dashboard as never,
              meta: () => [{ title: "Dashboard · Admin" }],
              loader: () => null,
            },
          ],
        },
      ],
    },
  ]);
  const counts = {
    activeProducts: 1,
    outOfStockProducts: 0,
    users: 1,
    admins: 1,
    dealers: 0,
    serviceCentres: 0,
    vehicles: 0,
    orders: 0,
    awaitingPayment: 0,
    revenuePaise: 0,
    paidOrders: 0,
  };
  const admin = { id: "a", name: "Boss", email: "boss@example.in", role: "admin" };
  return renderToString(
    <Stub
      initialEntries={["/admin"]}
      hydrationData={{
        loaderData: {
          root: { store: { brandName: "UrjaCell" } },
          "routes/admin/layout": { admin, collapsed: false },
          "routes/admin/dashboard": { counts, recent: [] },
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
