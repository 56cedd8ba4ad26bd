/**
 * The limits of share links, in one place (docs/app.md, "Limits", says each one and why). Kept
 * apart from link.ts and codec.ts so that either can use them without loading the other.
 */

/**
 * Longest link Parley makes. Browsers accept far more (Chromium: 2 MB), but links are pasted into
 * chat, mail and issue trackers, which cut or refuse long messages (Slack truncates at 40,000
 * characters); 32,000 leaves room for the text around the link. Longer: export a file instead.
 */
export const MAX_SHARE_URL_LENGTH = 32_000;

/**
 * Longest fragment (`v1.…` after `#share=`) Parley opens. A fragment is shorter than the link that
 * carries it, so every link Parley makes fits; anything longer was not made by Parley, and
 * reading it would only cost time (the audit's 1.3 MB link spent seconds before being refused).
 * Raise it with MAX_SHARE_URL_LENGTH.
 */
export const MAX_SHARE_FRAGMENT_LENGTH = MAX_SHARE_URL_LENGTH;

/**
 * A link that expands to more than this is refused, and inflating stops as soon as the output
 * passes it (a crafted short link could otherwise expand to gigabytes, a "zip bomb"). A link of
 * the longest length carries about 24 KB of compressed data; real conversations compress 3 to 5
 * times (the examples: at most 2.7), so an honest link expands to about 100 KB, and 1 MB leaves
 * ten times that for repetitive text. Above it, the tab pays for what it opens: today a 4 MB
 * conversation blocks it for 3 to 4 s while the editor and preview take it in (the audit's 23.5 MB
 * link, 10 to 37 s). A conversation larger than this travels as a file (50 MB, MAX_OPEN_BYTES).
 */
export const MAX_INFLATED_BYTES = 1024 * 1024;
