/** Dates and clock times of the content and of the register are Dutch. */
export const DUTCH_TIME_ZONE = 'Europe/Amsterdam';
