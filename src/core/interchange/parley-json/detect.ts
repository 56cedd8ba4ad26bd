/** Parley JSON carries its own version key (`"parley": 1`): certain when present, whatever else is wrong (decode says what). */
import { isObject } from '../../shared/json.ts';
import { VERSION_KEY } from './version.ts';

export function detectParleyJson(json: unknown): number {
  return isObject(json) && VERSION_KEY in json ? 1 : 0;
}
