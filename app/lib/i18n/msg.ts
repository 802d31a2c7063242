/** Marks a message kept in a constant or an array for the catalogue extractor (the file's
 * `useT("ns")` names its namespace); it is translated where it is shown: `t(item.label)`. */
export const msg = (source: string) => source;
