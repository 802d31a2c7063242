import { SpriteIcon, type SpriteIconName } from "~/components/sprite-icon";
import { type SocialNetwork, socialNetworks } from "~/features/settings/social";
import { useT } from "~/lib/i18n/react";

const icons: Record<SocialNetwork, { icon: SpriteIconName; label: string }> = {
  facebook: { icon: "facebook", label: "Facebook" },
  instagram: { icon: "instagram", label: "Instagram" },
  youtube: { icon: "youtube", label: "YouTube" },
  x: { icon: "x-twitter", label: "X (Twitter)" },
  whatsapp: { icon: "whatsapp", label: "WhatsApp" },
};

/** Links to the store's social profiles that are set in the store settings. */
export function SocialIcons({
  social,
  tone = "dark",
}: {
  social: Partial<Record<SocialNetwork, string>>;
  /** "dark": on the footer's dark background; "light": on a page. */
  tone?: "dark" | "light";
}) {
  const t = useT("common");
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
            className={tone === "dark" ? "social-link" : "social-link-light"}
          >
            <SpriteIcon name={icons[network].icon} />
            <span className="sr-only">
              {t("{network} (opens in a new tab)", { network: icons[network].label })}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
