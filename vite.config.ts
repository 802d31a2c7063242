import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Small modules most shop pages share, each of which would be a file of its own (1-3 KB): one
 * file instead, since every file is a request (on HTTP/1.1, six at a time), and Lighthouse's
 * mobile model counts each. Only modules that need nothing heavy (no zod, no sonner).
 */
const SHARED_SHOP_MODULES = new RegExp(
  [
    "/app/(",
    "lib/(cookie-header|format|forms|money|nonce|i18n/(language-choice|locales|localized|msg|react|translate|compile-source))",
    "|db/schema/enums",
    "|features/(catalog/(catalog\\.(messages|options)|product-image|product-name)|purchase/purchase\\.messages",
    "|settings/public-store|tools/tool-paths)",
    "|components/(brand-logo|sprite-icon|price|stars|product-card|content-notice|site-nav|store-contact",
    "|spec-text|tools/size-it-link|ui/(use-hydrated|use-validated-form|form-alert|field|pagination))",
    ")\\.tsx?$",
  ].join(""),
);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and React Router stay in their own files (a higher priority takes them first).
            {
              name: "framework",
              test: /node_modules\/(react|react-dom|react-router|scheduler)\//,
              priority: 2,
            },
            { name: "shop", test: SHARED_SHOP_MODULES, priority: 1 },
          ],
        },
      },
    },
  },
});
