/** A message in a list or constant, marked for the extractor (`npm run i18n:extract`) and
 * translated where it is shown (`t(item.label)`). */
export const msg = (source: string) => source;
