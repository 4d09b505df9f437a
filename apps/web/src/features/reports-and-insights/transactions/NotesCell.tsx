import { EditableNote } from '../../../components/EditableNote';
import { useUpdateExpenseNotes } from '../api/expenses';

/** All Transactions' notes: admins edit them in place (PATCH /api/expenses/{id}). */
export function NotesCell({
  expenseId,
  notes,
  editable,
}: {
  expenseId: number;
  notes: string | null;
  editable: boolean;
}) {
  const update = useUpdateExpenseNotes();
  return (
    <EditableNote
      notes={notes}
      editable={editable}
      saving={update.isPending}
      save={(next, done) => update.mutate({ id: expenseId, notes: next }, { onSuccess: done })}
    />
  );
}
