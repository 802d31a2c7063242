import { absoluteUrl, type JsonLdThing } from "~/lib/json-ld";
import type { PublicStore } from "./public-store";
import { type SocialNetwork, socialNetworks } from "./social";

/** Profiles that say who the store is (a WhatsApp chat link is a way to write, not a profile). */
const profileNetworks = socialNetworks.filter(
  (network): network is Exclude<SocialNetwork, "whatsapp"> => network !== "whatsapp",
);

/**
 * The store as an Organization, from its settings alone: name, address, logo, the support phone
 * and e-mail as its customer-service contact point, its social profiles as `sameAs`. A setting
 * left empty is left out, never filled in (the country is India's: the store sells only there,
 * in rupees, to pincodes).
 */
export function organizationJsonLd(store: PublicStore, publicUrl: string): JsonLdThing {
  const url = absoluteUrl("/", publicUrl);
  const sameAs = profileNetworks.flatMap((network) => store.social[network] ?? []);
  const contact = store.supportPhone || store.supportEmail;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${url}#organization`,
    name: store.brandName,
    url,
    logo: absoluteUrl("/favicon.svg", publicUrl),
    address: store.address
      ? { "@type": "PostalAddress", streetAddress: store.address, addressCountry: "IN" }
      : undefined,
    contactPoint: contact
      ? {
          "@type": "ContactPoint",
          contactType: "customer service",
          telephone: store.supportPhone ?? undefined,
          email: store.supportEmail ?? undefined,
        }
      : undefined,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
}
