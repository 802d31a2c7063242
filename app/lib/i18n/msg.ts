/** Marks a message kept in an array or constant for the extractor; `t(item.label)` at render. */
export const msg = (source: string) => source;
