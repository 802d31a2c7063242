import { createCookie } from "react-router";

/** Remembers whether the admin sidebar is collapsed (read on the server: no flash of layout). */
export const sidebarCookie = createCookie("admin_sidebar", {
  httpOnly: true,
  sameSite: "lax",
  path: "/admin",
  maxAge: 60 * 60 * 24 * 365,
});

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  return (await sidebarCookie.parse(request.headers.get("Cookie"))) === "collapsed";
}
