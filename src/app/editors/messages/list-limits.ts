/**
 * From this many messages on, only the rows in view are mounted. Below it every message is in
 * the page (the browser's find-in-page sees all text, nothing is measured), and mounting them
 * all costs less than a frame.
 */
export const VIRTUALIZE_FROM = 60;
