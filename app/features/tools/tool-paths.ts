/** The tools' own public pages (each a GET form whose result is in its address). */
export const toolPaths = {
  healthCheck: "/battery-health",
  inverterSizing: "/inverter-sizing",
} as const;

/** The link to the sizing tool on inverter batteries' pages and the inverter catalogue (here,
 * not in tools.messages.ts, so those pages do not carry the tools' texts). */
export const sizeItLinkText = "Which battery for my inverter? Size it";
