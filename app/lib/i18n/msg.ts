/** A catalogue message kept in a constant or array (`npm run i18n:extract` finds it); the
 * component gives it to `t(…)` when it draws it. */
export const msg = (source: string) => source;
