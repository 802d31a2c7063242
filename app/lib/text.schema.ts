import { z } from "zod";
import { plainLine, plainText } from "./text";

/** A one-line text field (a name, an address line): invisible and control characters out,
 * spaces collapsed, trimmed (lib/text.ts); add the field's own checks after it. */
export const lineField = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(plainLine);

/** A text of several lines (a message, a review): the same, line breaks kept. */
export const textField = () => z.string().overwrite(plainText);

/**
 * A list's search as the address gives it: trimmed and cut to `max` characters. A longer one is
 * searched by its first `max` (as the catalogue's search is), never dropped for the whole list;
 * "" when there is none.
 */
export const searchField = (max: number) =>
  z
    .string()
    .catch("")
    .transform((typed) => typed.trim().slice(0, max).trimEnd());
