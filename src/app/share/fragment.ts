/** Whether the URL carries a share link: kept apart from link.ts so start-up need not load fflate. */
export const SHARE_PREFIX = '#share=';

export function hasShareFragment(hash: string = location.hash): boolean {
  return hash.startsWith(SHARE_PREFIX);
}
