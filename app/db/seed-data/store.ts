import type { SettingsPatch } from "~/features/settings/settings.schema";

/**
 * Demo store settings: the demo brand's contact details. No UPI payee: a made-up address could
 * be someone's real one, so the demo's QR uses the demo payee that pays nobody (issue 11), and
 * only on this machine; an admin sets the real payee in Settings.
 */
export const seedSettings: SettingsPatch = {
  brandName: "UrjaCell",
  tagline: "Batteries for every journey",
  taglineTranslations: {
    hi: { tagline: "हर सफ़र के लिए बैटरी" },
    gu: { tagline: "દરેક સફર માટે બેટરી" },
  },
  supportEmail: "support@urjacell.in",
  supportPhone: "+91 79 4000 2026",
  address:
    "UrjaCell Batteries Pvt. Ltd., 4th Floor, Shivalik Plaza, Satellite Road, Ahmedabad, Gujarat 380015",
  social: {
    facebook: "https://www.facebook.com/urjacell",
    instagram: "https://www.instagram.com/urjacell",
    youtube: "https://www.youtube.com/@urjacell",
    x: "https://x.com/urjacell",
  },
  // The original site's map centre (Ahmedabad), which is where the demo office's address is.
  storeLocation: { lat: 23.064184, lng: 72.529659 },
};

export const seedTestimonials = [
  {
    name: "Priya Sharma",
    city: "Pune",
    quote:
      "Ordered a battery for my Swift at night and it was fitted at my office the next afternoon. The old battery was taken back too.",
  },
  {
    name: "Rahul Mehta",
    city: "Ahmedabad",
    quote:
      "The battery finder picked the right model for my Creta diesel on the first try. Clear prices, no haggling at the shop.",
  },
  {
    name: "Anitha Rao",
    city: "Bengaluru",
    quote:
      "Our inverter battery has handled long summer power cuts without a complaint. Registering the warranty took two minutes.",
  },
  {
    name: "Imran Qureshi",
    city: "Hyderabad",
    quote:
      "My Classic 350 would not start on a cold morning. The service centre tested it, charged it, and told me honestly it had another year in it.",
  },
  {
    name: "Gurpreet Kaur",
    city: "New Delhi",
    quote:
      "Paid by UPI, got the invoice by e-mail and the dealer near Lajpat Nagar had it in stock. Exactly what a store should be.",
  },
].map((t, index) => ({ ...t, rating: 5, sortOrder: index + 1 }));
