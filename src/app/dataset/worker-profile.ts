/**
 * The check profile a dataset worker last checked with ('check' requests, protocol.ts): what a
 * row computed in the worker outside a pass (a replace plan's rows) is checked against, so that
 * it says what the pass says. Until the first pass: Apertus, the app's default format.
 */
import { type CheckProfile } from '../../core/index.ts';

let profile: CheckProfile = { formatId: 'apertus' };

export function setWorkerProfile(next: CheckProfile): void {
  profile = next;
}

export function workerProfile(): CheckProfile {
  return profile;
}
