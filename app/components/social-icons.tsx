import { siFacebook, siInstagram, siWhatsapp, siX, siYoutube } from "simple-icons";
import { type SocialNetwork, socialNetworks } from "~/features/settings/social";

const icons: Record<SocialNetwork, { path: string; label: string }> = {
  facebook: { path: siFacebook.path, label: "Facebook" },
  instagram: { path: siInstagram.path, label: "Instagram" },
  youtube: { path: siYoutube.path, label: "YouTube" },
  x: { path: siX.path, label: "X (Twitter)" },
  whatsapp: { path: siWhatsapp.path, label: "WhatsApp" },
};

/** Links to the store's social profiles that are set in the store settings. */
export function SocialIcons({ social }: { social: Partial<Record<SocialNetwork, string>> }) {
  const present = socialNetworks.filter((network) => social[network]);
  if (present.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {present.map((network) => (
        <li key={network}>
          <a
            href={social[network]}
            target="_blank"
            rel="noopener noreferrer"
            className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              <path d={icons[network].path} />
            </svg>
            <span className="sr-only">{icons[network].label} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
