export * from "./auth";
export * from "./cart";
export * from "./catalog";
export * from "./content";
export * from "./outlets";
export * from "./security";
export * from "./settings";
export * from "./vehicles";
