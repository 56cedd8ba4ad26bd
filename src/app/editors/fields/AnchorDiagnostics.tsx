/**
 * Diagnostics of a container (a message, a block, a tool call) rather than of one control:
 * shown at the top of the container. The container element is registered as a field too, so
 * that "jump to" a container-level diagnostic focuses it.
 */
import { useId } from 'react';
import type { FieldPath } from '../../../core/index.ts';
import { useFieldDiagnostics } from '../diagnostics/diagnostics-index.ts';
import { FieldDiagnostics } from './FieldDiagnostics.tsx';

export function AnchorDiagnostics({ path }: { path: FieldPath }) {
  const diagnostics = useFieldDiagnostics(path);
  const id = useId();
  return <FieldDiagnostics id={id} diagnostics={diagnostics} />;
}
