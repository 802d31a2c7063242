import { SpriteIcon } from "~/components/sprite-icon";
import { telHref } from "~/lib/format";

type ContactDetails = {
  address: string | null;
  supportPhone: string | null;
  supportEmail: string | null;
};

/** Whether the settings give any way to reach the store. */
export const hasContactDetails = (store: ContactDetails) =>
  Boolean(store.address || store.supportPhone || store.supportEmail);

/**
 * The store's address, phone (a tel: link) and e-mail (a mailto: link) from the settings, each
 * only when set: the footer's "Get in touch" and the contact page.
 */
export function StoreContactLines({
  store,
  iconClassName,
  linkClassName,
}: {
  store: ContactDetails;
  iconClassName: string;
  linkClassName: string;
}) {
  return (
    <>
      {store.address ? (
        <p className="flex gap-2" translate="no">
          <SpriteIcon name="map-pin" className={iconClassName} />
          {store.address}
        </p>
      ) : null}
      {store.supportPhone ? (
        <p className="flex gap-2">
          <SpriteIcon name="phone" className={iconClassName} />
          <a href={telHref(store.supportPhone)} className={linkClassName}>
            {store.supportPhone}
          </a>
        </p>
      ) : null}
      {store.supportEmail ? (
        <p className="flex gap-2">
          <SpriteIcon name="mail" className={iconClassName} />
          <a href={`mailto:${store.supportEmail}`} className={linkClassName}>
            {store.supportEmail}
          </a>
        </p>
      ) : null}
    </>
  );
}
