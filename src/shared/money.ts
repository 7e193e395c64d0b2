/**
 * Money on the wire: a decimal string of dollars with at most nine whole digits and four decimals ("40.00",
 * "0.0425"), never a float. Both ends count it in whole ten-thousandths of a dollar, so sums are exact.
 */
export const MONEY_PATTERN = /^(\d{1,9})(?:\.(\d{1,4}))?$/;

/** Ten-thousandths of a dollar in a dollar: the wire's four decimals. */
export const UNITS_PER_DOLLAR = 10_000;
