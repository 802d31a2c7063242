/**
 * An Indian pincode as the store accepts it: six digits, the first not 0 (the database's
 * `*_pincode_check` constraints say the same). One pattern for every form, the remembered
 * pincode's cookie and the directory's look-up; each form keeps its own words for the error.
 */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
