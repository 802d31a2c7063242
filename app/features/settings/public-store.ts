/**
 * What every public page shows of the store, from its settings: the root loader gives it, the
 * header, footer and maps take it as props. Kept free of zod, as every page imports it.
 */
import type { SocialNetwork } from "./social";

/** The tile server (from the store settings) and the credit it asks for. */
export type MapTiles = { tileUrl: string; attribution: string };

/** OpenStreetMap's own tile server (no key; its usage policy asks for this credit): the default. */
export const openStreetMapTiles: MapTiles = {
  tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: "© OpenStreetMap contributors",
};

export type PublicStore = {
  brandName: string;
  /** In the page's language; `taglineLang` "en" when it is the English one (no translation). */
  tagline: string;
  taglineLang?: "en";
  supportEmail: string | null;
  supportPhone: string | null;
  address: string | null;
  social: Partial<Record<SocialNetwork, string>>;
  map: MapTiles;
};

/** What a page shows when the settings could not be read (the root itself failed). */
export const fallbackStore: PublicStore = {
  brandName: "Battery store",
  tagline: "",
  supportEmail: null,
  supportPhone: null,
  address: null,
  social: {},
  map: openStreetMapTiles,
};
