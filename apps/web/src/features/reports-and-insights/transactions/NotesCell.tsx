import { EditableNote } from '../../../components/EditableNote';
import { useUpdateExpenseNotes } from '../api/expenses';

/**
 * All Transactions' notes: admins edit them in place (PATCH /api/expenses/{id}); "Memo required" where Card Settings
 * wants one, and no editing in a closed month (`lockedReason`).
 */
export function NotesCell({
  expenseId,
  notes,
  editable,
  required,
  lockedReason,
}: {
  expenseId: number;
  notes: string | null;
  editable: boolean;
  required: boolean;
  lockedReason: string | undefined;
}) {
  const update = useUpdateExpenseNotes();
  return (
    <EditableNote
      notes={notes}
      editable={editable}
      saving={update.isPending}
      required={required}
      lockedReason={lockedReason}
      save={(next, done) => update.mutate({ id: expenseId, notes: next }, { onSuccess: done })}
    />
  );
}
