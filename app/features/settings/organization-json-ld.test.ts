import { describe, expect, it } from "vitest";
import { organizationJsonLd } from "./organization-json-ld";
import { fallbackStore, type PublicStore } from "./public-store";

const url = "https://shop.example.in";

describe("the store's Organization", () => {
  it("says only what the settings say", () => {
    const store: PublicStore = {
      ...fallbackStore,
      brandName: "UrjaCell",
      supportEmail: "support@urjacell.in",
      supportPhone: "+91 79 4000 2026",
      address: "4th Floor, Shivalik Plaza, Ahmedabad, Gujarat 380015",
      social: {
        facebook: "https://www.facebook.com/urjacell",
        x: "https://x.com/urjacell",
        whatsapp: "https://wa.me/917940002026",
      },
    };
    expect(JSON.parse(JSON.stringify(organizationJsonLd(store, url)))).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://shop.example.in/#organization",
      name: "UrjaCell",
      url: "https://shop.example.in/",
      logo: "https://shop.example.in/favicon.svg",
      address: {
        "@type": "PostalAddress",
        streetAddress: "4th Floor, Shivalik Plaza, Ahmedabad, Gujarat 380015",
        addressCountry: "IN",
      },
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: "+91 79 4000 2026",
        email: "support@urjacell.in",
      },
      // Profiles only: a WhatsApp chat link is a way to write, not who the store is.
      sameAs: ["https://www.facebook.com/urjacell", "https://x.com/urjacell"],
    });
  });

  it("leaves out what is not set instead of inventing it", () => {
    const thing = JSON.parse(JSON.stringify(organizationJsonLd(fallbackStore, url)));
    expect(thing).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://shop.example.in/#organization",
      name: fallbackStore.brandName,
      url: "https://shop.example.in/",
      logo: "https://shop.example.in/favicon.svg",
    });
  });
});
