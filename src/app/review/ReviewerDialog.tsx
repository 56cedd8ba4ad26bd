/** The small dialog that asks who is reviewing (reviewer.ts): at the first review action, or to change the name. */
import { useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { primaryButton, toolbarButton, toolbarInput } from '../layout/ui.ts';
import { cancelReviewerQuestion, REVIEWER_NAME_MAX, reviewerStore, setReviewerName } from './reviewer.ts';

export function ReviewerDialog() {
  const asking = reviewerStore((state) => state.asking);
  const current = reviewerStore((state) => state.name);
  return (
    <Dialog open={asking} onClose={cancelReviewerQuestion} title="Who is reviewing?" description="Your name is written into every review entry and comment, so that reviews can be merged and compared. It is kept in this browser." width="max-w-md">
      {asking && <NameForm initial={current ?? ''} />}
    </Dialog>
  );
}

function NameForm({ initial }: { initial: string }) {
  const [name, setName] = useState(initial);
  return (
    <form
      className="flex flex-col gap-3 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        setReviewerName(name);
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        Reviewer name
        <input autoFocus className={toolbarInput} maxLength={REVIEWER_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <div className="flex justify-end gap-2">
        <button type="button" className={toolbarButton} onClick={cancelReviewerQuestion}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={name.trim() === ''}>
          Save name
        </button>
      </div>
    </form>
  );
}
