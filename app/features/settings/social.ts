/** The social networks the store can link to (kept free of zod: the footer imports it). */
export const socialNetworks = ["facebook", "instagram", "youtube", "x", "whatsapp"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
