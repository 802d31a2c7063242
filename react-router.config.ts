import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  future: {
    // Route middleware and a typed router context: the session is read once per request.
    v8_middleware: true,
  },
} satisfies Config;
