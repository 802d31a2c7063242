import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Every route is known to the browser from the start, from one cached file (about 3 KB as
  // sent), instead of a part of the route manifest written into every page (about 4 KB of each
  // page's HTML) and a request for more of it before a first click on a new kind of link.
  routeDiscovery: { mode: "initial" },
  future: {
    // Route middleware and a typed router context: the session is read once per request.
    v8_middleware: true,
  },
} satisfies Config;
