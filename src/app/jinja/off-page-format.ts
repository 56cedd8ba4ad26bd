/** The format whose renders run in a worker in the app (off-page.ts), apart so that naming it loads no worker. */
export const OFF_PAGE_FORMAT = 'jinja';
